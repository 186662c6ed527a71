import { ADMIN_DELETE_CONFIRMATION } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDeleteUser } from "../api/delete-user";
import { useExportUserData } from "../api/export-user-data";
import { AdminPanel } from "./admin-panel";
import { ReasonField } from "./reason-field";

function DeleteUserDialog({
  userId,
  email,
  onClose,
}: {
  userId: string;
  email: string;
  onClose: () => void;
}) {
  const remove = useDeleteUser(userId);
  const navigate = useNavigate();
  const [word, setWord] = useState("");
  const [reason, setReason] = useState("");

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const ok = await remove
      .mutateAsync({ confirm: ADMIN_DELETE_CONFIRMATION, reason: reason.trim() })
      .then(() => true)
      .catch(() => false);
    if (ok) navigate(paths.adminUsers, { replace: true });
  }

  return (
    <Modal title="Delete this account?" onClose={onClose} size="sm" testId="admin-delete-dialog">
      <form onSubmit={(event) => void confirm(event)} className="mt-3 space-y-4 text-ink-200">
        <p>
          <span data-private>{email}</span> loses the profile, chats, characters and pictures, and is signed
          out everywhere. Payment and token records stay without a name, as for a deletion from Settings. It
          cannot be undone.
        </p>
        <ReasonField value={reason} onChange={setReason} label="The user's request (ticket, email)" />
        <TextField
          label={`Type ${ADMIN_DELETE_CONFIRMATION} to confirm`}
          value={word}
          onChange={(event) => setWord(event.target.value)}
          autoComplete="off"
          data-testid="admin-delete-word"
        />
        {remove.isError ? <Notice tone="error">{errorMessage(remove.error)}</Notice> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Keep the account
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={word !== ADMIN_DELETE_CONFIRMATION || reason.trim() === ""}
            loading={remove.isPending}
          >
            Delete the account
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The user's data rights, carried out on their request: an archive emailed to them, or deletion. */
export function DataRequestsPanel({
  userId,
  email,
  isSelf,
}: {
  userId: string;
  email: string;
  isSelf: boolean;
}) {
  const exportData = useExportUserData(userId);
  const [reason, setReason] = useState("");
  const [deleting, setDeleting] = useState(false);

  async function startExport(event: FormEvent) {
    event.preventDefault();
    const ok = await exportData
      .mutateAsync(reason.trim())
      .then(() => true)
      .catch(() => false);
    if (ok) setReason("");
  }

  return (
    <AdminPanel title="Data requests" testId="admin-data-requests">
      <form onSubmit={(event) => void startExport(event)} className="space-y-3">
        <ReasonField value={reason} onChange={setReason} label="The user's request (ticket, email)" />
        {exportData.isError ? <Notice tone="error">{errorMessage(exportData.error)}</Notice> : null}
        {exportData.isSuccess ? (
          <Notice tone="success">The archive is being built; the user gets the link by email.</Notice>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="secondary"
            disabled={reason.trim() === ""}
            loading={exportData.isPending}
          >
            Export their data
          </Button>
          <Button type="button" variant="danger" disabled={isSelf} onClick={() => setDeleting(true)}>
            Delete the account…
          </Button>
        </div>
      </form>
      {deleting ? (
        <DeleteUserDialog userId={userId} email={email} onClose={() => setDeleting(false)} />
      ) : null}
    </AdminPanel>
  );
}
