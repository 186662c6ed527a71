import type { AdminPaymentOrder } from "@reverie/shared";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { useAdminOperator } from "@/components/layout/admin-layout";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPrice } from "@/lib/format";
import {
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  type OrderStatus,
  usePaymentOrders,
} from "../api/get-payment-orders";
import { PaymentUser } from "./payment-user";
import { RecordRow } from "./record-row";
import { RefundDialog } from "./refund-dialog";
import { StatusBadge } from "./status-badge";

function RefundSummary({ refund }: { refund: NonNullable<AdminPaymentOrder["refund"]> }) {
  return (
    <p data-testid="admin-refund-summary">
      Refunded by {refund.actor_email}: “{refund.reason}”. {refund.tokens_taken_back} of{" "}
      {refund.tokens_granted} tokens taken back.{" "}
      {refund.provider_status === "refunded"
        ? `Money returned by the provider (${refund.provider_detail ?? ""}).`
        : (refund.provider_detail ?? "Refund the money at the provider.")}
    </p>
  );
}

/** Orders by status (failures first); admins refund paid token orders from here. */
export function PaymentOrdersList() {
  const operator = useAdminOperator();
  const [status, setStatus] = useState<OrderStatus>("failed");
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminPaymentOrder | null>(null);
  const orders = usePaymentOrders({ status, page });

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2 text-sm text-ink-300">
        <label htmlFor="admin-orders-status">Status</label>
        <Select
          id="admin-orders-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus);
            setPage(1);
          }}
          className="w-40"
          data-testid="admin-orders-status"
        >
          {ORDER_STATUSES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </Select>
      </div>
      {orders.isPending ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : orders.isError ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState
          icon={<Receipt className="size-6" aria-hidden="true" />}
          title={`No ${status} orders`}
          description={status === "failed" ? "No payment has failed." : undefined}
          testId="admin-orders-empty"
        />
      ) : (
        <>
          <ul className="space-y-2" data-testid="admin-orders">
            {orders.data.items.map((order) => (
              <li key={order.id}>
                <RecordRow
                  testId="admin-order"
                  title={`${order.description} · ${formatPrice(order.amount_cents, order.currency)}`}
                  badge={<StatusBadge status={order.status} />}
                  at={order.created_at}
                  details={
                    <>
                      <p>
                        {order.provider} · order {order.id}
                      </p>
                      <p>
                        <PaymentUser user={order.user} />
                      </p>
                      {order.failure_reason ? <p className="text-coral-200">{order.failure_reason}</p> : null}
                      {order.refund ? <RefundSummary refund={order.refund} /> : null}
                    </>
                  }
                  action={
                    operator.role === "admin" && order.status === "paid" ? (
                      <Button size="sm" variant="secondary" onClick={() => setRefunding(order)}>
                        Refund
                      </Button>
                    ) : null
                  }
                />
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-2 text-sm text-ink-400">
            <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {Math.max(1, Math.ceil(orders.data.total_count / ORDERS_PAGE_SIZE))}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page * ORDERS_PAGE_SIZE >= orders.data.total_count}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        </>
      )}
      {refunding ? <RefundDialog order={refunding} onClose={() => setRefunding(null)} /> : null}
    </div>
  );
}
