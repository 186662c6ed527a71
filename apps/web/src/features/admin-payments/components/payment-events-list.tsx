import { Receipt } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPrice } from "@/lib/format";
import { usePaymentEvents } from "../api/get-payment-events";
import { PaymentUser } from "./payment-user";
import { RecordRow } from "./record-row";
import { StatusBadge } from "./status-badge";

/** Provider events as they arrived, newest first, with the order's or subscription's status now. */
export function PaymentEventsList() {
  const [pages, setPages] = useState<(number | null)[]>([null]);
  const before = pages.at(-1) ?? null;
  const events = usePaymentEvents(before);

  if (events.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  if (events.data.items.length === 0) {
    return (
      <EmptyState
        icon={<Receipt className="size-6" aria-hidden="true" />}
        title="No provider events yet"
        description="Payments, failures, renewals and cancellations appear here as providers report them."
        testId="admin-payment-events-empty"
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-2" data-testid="admin-payment-events">
        {events.data.items.map((event) => (
          <li key={event.id}>
            <RecordRow
              testId="admin-payment-event"
              title={event.type.replaceAll("_", " ")}
              badge={<StatusBadge status={event.status} />}
              at={event.created_at}
              details={
                <>
                  <p>
                    {event.provider}
                    {event.amount_cents !== null && event.currency
                      ? ` · ${formatPrice(event.amount_cents, event.currency)}`
                      : ""}
                    {event.order_id ? ` · order ${event.order_id}` : ""}
                  </p>
                  <p>
                    <PaymentUser user={event.user} />
                  </p>
                </>
              }
            />
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        {pages.length > 1 ? (
          <Button variant="secondary" size="sm" onClick={() => setPages((stack) => stack.slice(0, -1))}>
            Newer
          </Button>
        ) : null}
        {events.data.next_before !== null ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPages((stack) => [...stack, events.data.next_before])}
          >
            Older
          </Button>
        ) : null}
      </div>
    </div>
  );
}
