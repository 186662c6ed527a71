import type { Order } from "@reverie/shared";
import { Coins, Crown, Receipt } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatPrice } from "@/lib/format";
import { usePaymentHistory } from "../api/get-payment-history";
import { formatShortDay, orderStatusLabel, providerLabel } from "../utils/billing-format";

const STATUS_STYLES: Record<Order["status"], string> = {
  paid: "border-emerald-400/30 bg-emerald-400/10 text-emerald-200",
  failed: "border-coral-500/40 bg-coral-500/10 text-coral-200",
  pending: "border-amber-300/40 bg-amber-300/10 text-amber-100",
  canceled: "border-white/15 bg-white/[0.05] text-ink-300",
};

function OrderRow({ order }: { order: Order }) {
  const Icon = order.kind === "subscription" ? Crown : Coins;
  return (
    <li
      data-testid="payment-history-item"
      data-status={order.status}
      className="flex items-start gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-2xl border border-white/10 bg-white/[0.04] text-amber-300">
        <Icon className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="min-w-0 text-sm font-medium text-ink-100">{order.description}</p>
          <p className="text-sm font-semibold text-ink-100 tabular-nums">
            {formatPrice(order.amount_cents, order.currency)}
          </p>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-400">
          <time dateTime={order.created_at}>{formatShortDay(order.created_at)}</time>
          <span aria-hidden="true">·</span>
          <span>{providerLabel(order.provider)}</span>
          <span
            data-testid="payment-status"
            className={cn(
              "rounded-full border px-2 py-0.5 text-[11px] font-semibold",
              STATUS_STYLES[order.status],
            )}
          >
            {orderStatusLabel(order.status)}
          </span>
        </div>
        {order.status === "failed" && order.failure_reason ? (
          <p className="mt-1.5 text-xs text-coral-200" data-testid="payment-failure-reason">
            {order.failure_reason}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function PaymentHistoryContent() {
  const history = usePaymentHistory();

  if (history.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <ErrorState
        title="We couldn't load your payments"
        error={history.error}
        onRetry={() => history.refetch()}
      />
    );
  }
  if (history.data.orders.length === 0) {
    return (
      <EmptyState
        icon={<Receipt className="size-6" aria-hidden="true" />}
        title="No payments yet"
        description="Token packages and Premium you buy will be listed here."
        className="py-10"
      />
    );
  }
  return (
    <ul className="divide-y divide-white/[0.06]" aria-label="Payments">
      {history.data.orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ul>
  );
}

/** Every order: when, what, how much, whether it went through and who took it; failed ones say why. */
export function PaymentHistory() {
  return (
    <div data-testid="payment-history">
      <PaymentHistoryContent />
    </div>
  );
}
