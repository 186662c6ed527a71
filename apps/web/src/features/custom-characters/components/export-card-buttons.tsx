import { FileJson, ImageDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useDownloadCard } from "../api/download-card";

/** Export as a character card: a V3 PNG (other apps read it too) or its JSON. */
export function ExportCardButtons({ modelId, name }: { modelId: number; name: string }) {
  const download = useDownloadCard(modelId, name);
  const pendingFormat = download.isPending ? download.variables : null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2.5">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download.mutate("png")}
          loading={pendingFormat === "png"}
          disabled={download.isPending}
          icon={<ImageDown className="size-4" aria-hidden="true" />}
          data-testid="export-png"
        >
          Card (PNG)
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download.mutate("json")}
          loading={pendingFormat === "json"}
          disabled={download.isPending}
          icon={<FileJson className="size-4" aria-hidden="true" />}
          data-testid="export-json"
        >
          Card (JSON)
        </Button>
      </div>
      {download.isError ? (
        <Notice tone="error">We couldn't export the card: {errorMessage(download.error)}</Notice>
      ) : null}
    </div>
  );
}
