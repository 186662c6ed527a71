import type { AdminPaymentOrder } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, isApiError } from "@/lib/api-client";
import { formatPrice } from "@/lib/format";
import { useRefundOrder } from "../api/refund-order";

/**
 * Confirms a refund with a reason. When the user spent some of the order's tokens the server says
 * so (409 tokens_spent); the operator may then take back only what is left.
 */
export function RefundDialog({ order, onClose }: { order: AdminPaymentOrder; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const [reason, setReason] = useState("");
  const [partial, setPartial] = useState(false);
  const spent = isApiError(refund.error) && refund.error.error === "tokens_spent";

  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await refund
      .mutateAsync({ reason: reason.trim(), partial_tokens: partial })
      .catch(() => null);
    if (done) onClose();
  }

  return (
    <Modal title="Refund this order?" onClose={onClose} size="sm" testId="admin-refund-dialog">
      {/* the dialog is portaled out of the screen's private region: it needs its own */}
      <form onSubmit={(event) => void submit(event)} className="space-y-4" data-private>
        <p className="text-sm text-ink-300">
          {formatPrice(order.amount_cents, order.currency)} for {order.description}.{" "}
          {order.kind === "tokens"
            ? `The ${order.tokens ?? 0} tokens it gave are taken back, once.`
            : "The plan it started ends now (canceled at the provider first) and the monthly tokens it gave are taken back, once."}
        </p>
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          required
          hint="Kept in the audit log."
          data-testid="admin-refund-reason"
        />
        {spent ? (
          <label className="flex items-start gap-2 text-sm text-ink-200">
            <input
              type="checkbox"
              checked={partial}
              onChange={(event) => setPartial(event.target.checked)}
              className="mt-1"
              data-testid="admin-refund-partial"
            />
            Refund anyway and take back only the tokens that are left
          </label>
        ) : null}
        {refund.isError ? <Notice tone="error">{errorMessage(refund.error)}</Notice> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={reason.trim() === ""} loading={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Modal>
  );
}
