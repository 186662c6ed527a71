import type { Subscription } from "@reverie/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
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
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await cancel.mutateAsync();
      onCanceled();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal title="Cancel Premium?" onClose={onClose} size="sm" testId="cancel-subscription-dialog">
      <p className="mt-3 text-ink-200" data-testid="cancel-consequence">
        {cancelConsequence(subscription)}
      </p>
      {error ? (
        <Notice tone="error" className="mt-4">
          {error}
        </Notice>
      ) : null}
      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
          Go back
        </Button>
        <Button loading={cancel.isPending} onClick={confirm} data-testid="confirm-cancel">
          Cancel subscription
        </Button>
      </div>
    </Modal>
  );
}
