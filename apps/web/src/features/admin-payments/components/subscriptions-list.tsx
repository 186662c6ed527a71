import { Repeat } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { formatPrice } from "@/lib/format";
import { SUBSCRIPTIONS_PAGE_SIZE, useSubscriptions } from "../api/get-subscriptions";
import { PaymentUser } from "./payment-user";
import { RecordRow } from "./record-row";
import { StatusBadge } from "./status-badge";

/** Every subscription, newest first: its plan, price, state and current period. */
export function SubscriptionsList() {
  const [page, setPage] = useState(1);
  const subscriptions = useSubscriptions(page);
  return (
    <DataTable
      query={subscriptions}
      testId="admin-subscriptions"
      empty={{
        icon: <Repeat className="size-6" aria-hidden="true" />,
        title: "No subscriptions yet",
        testId: "admin-subscriptions-empty",
      }}
      rowKey={(subscription) => subscription.id}
      row={(subscription) => (
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
      )}
      footer={(data) => (
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={page * SUBSCRIPTIONS_PAGE_SIZE >= data.total_count}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </div>
      )}
    />
  );
}
