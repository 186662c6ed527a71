import { DELETE_ACCOUNT_WORD } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { PasswordField } from "@/components/ui/account-fields";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { isApiError } from "@/lib/api-client";
import { useDeleteAccount } from "../api/delete-account";
import { settingsErrorMessage } from "../utils/error-message";

/** The confirmation before deleting the account: what goes, what is kept, and the password. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      // one field: the server checks the password, or the word for an account without one
      await remove.mutateAsync({ password: secret, confirmation: secret });
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 403
          ? failure.message
          : settingsErrorMessage(failure, "delete account"),
      );
    }
  }

  return (
    <Modal title="Delete your account?" onClose={onClose} size="sm" testId="delete-account-dialog">
      <form onSubmit={confirm} className="mt-3 space-y-4 text-ink-200">
        <p>
          This deletes your profile, chats, characters, generated pictures and unused tokens, and signs out
          every device. It cannot be undone.
        </p>
        <p className="text-sm text-ink-300">
          Kept without your name or email: payment and token records, which accounting and tax law require,
          and, for 90 days, records of refused content. See the privacy policy.
        </p>
        <PasswordField
          purpose="current"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          hint={`Signed up with Google or another provider? Type ${DELETE_ACCOUNT_WORD}.`}
          data-testid="delete-account-password"
        />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div className="flex flex-col-reverse gap-3 pt-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Keep my account
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={remove.isPending}
            disabled={!secret}
            data-testid="confirm-delete-account"
          >
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
