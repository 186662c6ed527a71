import type { Subscription } from "@reverie/shared";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCancelSubscription } from "../api/cancel-subscription";
import { cancelConsequence } from "../utils/plan-status";

/** The one confirmation before canceling: what happens, in one sentence, and a plain choice. */
export function CancelSubscriptionDialog({
  subscription,
  onCanceled,
  onClose,
}: {
  subscription: Subscription;
  onCanceled: () => void;
  onClose: () => void;
}) {
  const cancel = useCancelSubscription();
  return (
    <ConfirmDialog
      title="Cancel Premium?"
      testId="cancel-subscription-dialog"
      keepLabel="Go back"
      confirmLabel="Cancel subscription"
      confirmTestId="confirm-cancel"
      pending={cancel.isPending}
      onConfirm={async () => {
        await cancel.mutateAsync();
        onCanceled();
      }}
      onClose={onClose}
    >
      <p className="mt-3 text-ink-200" data-testid="cancel-consequence">
        {cancelConsequence(subscription)}
      </p>
    </ConfirmDialog>
  );
}
