import type { User } from "@reverie/shared";
import { BadgeCheck, MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useSendEmailVerification } from "../api/send-email-verification";
import { settingsErrorMessage } from "../utils/error-message";

/** Whether the account's address is confirmed; if not, a button that emails a new link. */
export function EmailVerification({ user }: { user: User }) {
  const send = useSendEmailVerification();
  if (user.email_verified) {
    return (
      <p
        className="mt-1 inline-flex items-center gap-1.5 text-xs text-emerald-200"
        data-testid="email-verified"
      >
        <BadgeCheck className="size-3.5" aria-hidden="true" />
        Email confirmed
      </p>
    );
  }
  return (
    <div className="mt-2 space-y-2" data-testid="email-unverified">
      <p className="inline-flex items-center gap-1.5 text-xs text-amber-100">
        <MailWarning className="size-3.5" aria-hidden="true" />
        Email not confirmed yet: open the link we emailed you.
      </p>
      {send.isSuccess ? (
        <Notice tone="success">{send.data.message}</Notice>
      ) : (
        <div>
          <Button size="sm" variant="outline" loading={send.isPending} onClick={() => send.mutate()}>
            Send a new link
          </Button>
        </div>
      )}
      {send.isError ? (
        <Notice tone="error">{settingsErrorMessage(send.error, "email verification")}</Notice>
      ) : null}
    </div>
  );
}
