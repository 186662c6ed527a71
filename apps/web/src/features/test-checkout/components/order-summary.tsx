import type { Order } from "@reverie/shared";
import { ArrowLeft } from "lucide-react";
import { formatPrice } from "@/lib/format";

/** The left side of the hosted page: who is paid, how much, for what. */
export function OrderSummary({ order, cancelUrl }: { order: Order; cancelUrl: string }) {
  return (
    <section aria-labelledby="order-title" className="md:pt-2">
      <a
        href={cancelUrl}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        data-testid="cancel-link"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Reverie
      </a>
      <div className="mt-6 flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-rose-400 to-violet-600 font-serif text-lg text-white"
        >
          R
        </span>
        <span className="font-medium text-slate-700">Reverie</span>
      </div>
      <h1 id="order-title" className="mt-5 text-base text-slate-500">
        Pay Reverie
      </h1>
      <p
        className="mt-1 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums"
        data-testid="checkout-amount"
      >
        {formatPrice(order.amount_cents, order.currency)}
      </p>
      <p className="mt-2 text-slate-700" data-testid="checkout-description">
        {order.description}
      </p>
      {order.kind === "subscription" ? (
        <p className="mt-1 text-sm text-slate-500">Renews automatically until you cancel it in Settings.</p>
      ) : (
        <p className="mt-1 text-sm text-slate-500">One-time payment</p>
      )}
      <p className="mt-6 text-xs text-slate-400">Order {order.id}</p>
    </section>
  );
}
