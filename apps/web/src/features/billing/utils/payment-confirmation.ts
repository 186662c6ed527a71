import type { Order } from "@reverie/shared";

/** How often the return page asks again while the provider has not confirmed the payment. */
export const CONFIRMATION_POLL_MS = 1_500;
/** How long it keeps asking before saying the payment is still processing. */
export const CONFIRMATION_GIVE_UP_MS = 30_000;

export type ConfirmationStep = "ask-again" | "settled" | "still-processing";

/**
 * What to do with an answer of PATCH /api/user/payment: a pending order is asked about again every
 * 1.5 s for up to 30 s, unless the user canceled on the provider's page (nothing will come).
 */
export function confirmationStep(
  status: Order["status"],
  canceledByUser: boolean,
  elapsedMs: number,
): ConfirmationStep {
  if (status !== "pending" || canceledByUser) return "settled";
  return elapsedMs + CONFIRMATION_POLL_MS > CONFIRMATION_GIVE_UP_MS ? "still-processing" : "ask-again";
}

export type CheckoutOutcome = "tokens-added" | "premium-started" | "failed" | "canceled" | "processing";

/** What the return page tells the user about an order. */
export function checkoutOutcome(
  order: Pick<Order, "status" | "kind">,
  canceledByUser: boolean,
): CheckoutOutcome {
  switch (order.status) {
    case "paid":
      return order.kind === "tokens" ? "tokens-added" : "premium-started";
    case "failed":
      return "failed";
    case "canceled":
      return "canceled";
    case "pending":
      return canceledByUser ? "canceled" : "processing";
  }
}
