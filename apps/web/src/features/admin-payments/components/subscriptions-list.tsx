import { Repeat } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPrice } from "@/lib/format";
import { SUBSCRIPTIONS_PAGE_SIZE, useSubscriptions } from "../api/get-subscriptions";
import { PaymentUser } from "./payment-user";
import { RecordRow } from "./record-row";
import { StatusBadge } from "./status-badge";

/** Every subscription, newest first: its plan, price, state and current period. */
export function SubscriptionsList() {
  const [page, setPage] = useState(1);
  const subscriptions = useSubscriptions(page);
  if (subscriptions.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (subscriptions.isError) {
    return <ErrorState error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />;
  }
  if (subscriptions.data.items.length === 0) {
    return (
      <EmptyState
        icon={<Repeat className="size-6" aria-hidden="true" />}
        title="No subscriptions yet"
        testId="admin-subscriptions-empty"
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-2" data-testid="admin-subscriptions">
        {subscriptions.data.items.map((subscription) => (
          <li key={subscription.id}>
            <RecordRow
              testId="admin-subscription"
              title={`${subscription.plan_id} · ${formatPrice(subscription.price_cents, subscription.currency)}`}
              badge={<StatusBadge status={subscription.status} />}
              at={subscription.created_at}
              details={
                <>
                  <p>
                    {subscription.provider} · until{" "}
                    {new Date(subscription.current_period_end).toLocaleDateString()}
                    {subscription.cancel_at_period_end ? " · ends then" : " · renews"}
                  </p>
                  <p>
                    <PaymentUser user={subscription.user} />
                  </p>
                </>
              }
            />
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page * SUBSCRIPTIONS_PAGE_SIZE >= subscriptions.data.total_count}
          onClick={() => setPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
