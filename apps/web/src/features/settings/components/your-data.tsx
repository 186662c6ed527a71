import { Download, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { useDataExport } from "../api/get-data-export";
import { useStartDataExport } from "../api/start-data-export";
import { settingsErrorMessage } from "../utils/error-message";

const DeleteAccountDialog = lazy(() =>
  import("./delete-account-dialog").then((module) => ({ default: module.DeleteAccountDialog })),
);

/** "Your data": a copy of everything as JSON (built in the background), and deleting the account. */
export function YourData() {
  const start = useStartDataExport();
  const [exportId, setExportId] = useState<string | null>(null);
  const archive = useDataExport(exportId);
  const [deleting, setDeleting] = useState(false);
  const state = archive.data;
  const building = start.isPending || (exportId !== null && (!state || state.status === "pending"));

  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <p className="text-ink-200">
          A JSON file with your account, chats, characters, pictures, purchases and activity. We also email
          you the link; it works for 24 hours.
        </p>
        {state?.status === "ready" && state.url ? (
          <Notice tone="success">
            Your data is ready.{" "}
            <a href={state.url} download className="font-semibold underline" data-testid="data-export-link">
              Download it
            </a>
            {state.expires_at ? ` (until ${new Date(state.expires_at).toLocaleString()})` : null}.
          </Notice>
        ) : null}
        {state?.status === "failed" ? (
          <Notice tone="error">We couldn't build your file. Please try again.</Notice>
        ) : null}
        {start.error ? (
          <Notice tone="error">{settingsErrorMessage(start.error, "export data")}</Notice>
        ) : null}
        <Button
          variant="secondary"
          loading={building}
          onClick={() => start.mutate(undefined, { onSuccess: (answer) => setExportId(answer.export_id) })}
          icon={<Download className="size-4" aria-hidden="true" />}
          data-testid="start-data-export"
        >
          {building ? "Preparing your data…" : "Download my data"}
        </Button>
      </div>
      <div className="space-y-3 border-t border-ink-800 pt-5">
        <p className="text-ink-200">
          Deleting your account removes your chats, characters and pictures for good. What we must keep, and
          why, is in the{" "}
          <Link to={paths.privacyPolicy} className="underline">
            privacy policy
          </Link>
          .
        </p>
        <Button
          variant="danger"
          onClick={() => setDeleting(true)}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          data-testid="delete-account"
        >
          Delete my account
        </Button>
      </div>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={() => setDeleting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
