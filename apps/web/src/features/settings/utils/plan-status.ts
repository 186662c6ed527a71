import type { Subscription, User } from "@reverie/shared";
import { formatDay } from "./billing-format";

export type PlanTone = "active" | "warning" | "ending";

/** What the plan card shows, worked out from the subscription and the user. */
export type PlanStatus =
  | { kind: "free" }
  /** premium without a billed subscription (granted): nothing to renew or cancel */
  | { kind: "premium-unbilled" }
  | {
      kind: "subscription";
      statusLabel: string;
      tone: PlanTone;
      /** "Renews on March 14, 2026", "Premium until March 14, 2026" */
      dateLine: string;
      canCancel: boolean;
      needsPaymentUpdate: boolean;
    };

/** Whether the subscription will still charge: running, not set to end. */
function renews(subscription: Subscription): boolean {
  return (
    (subscription.status === "active" || subscription.status === "past_due") &&
    !subscription.cancel_at_period_end
  );
}

export function planStatus(
  subscription: Subscription | null,
  user: Pick<User, "plan" | "payment_failed">,
): PlanStatus {
  if (!subscription || subscription.status === "ended") {
    return !subscription && user.plan === "premium" ? { kind: "premium-unbilled" } : { kind: "free" };
  }
  const day = formatDay(subscription.current_period_end);
  if (!renews(subscription)) {
    return {
      kind: "subscription",
      statusLabel: "Canceled",
      tone: "ending",
      dateLine: `Premium until ${day}. No further charges.`,
      canCancel: false,
      needsPaymentUpdate: false,
    };
  }
  if (subscription.status === "past_due" || user.payment_failed) {
    return {
      kind: "subscription",
      statusLabel: "Payment failed",
      tone: "warning",
      dateLine: `The renewal on ${day} didn't go through.`,
      canCancel: true,
      needsPaymentUpdate: true,
    };
  }
  return {
    kind: "subscription",
    statusLabel: "Active",
    tone: "active",
    dateLine: `Renews on ${day}.`,
    canCancel: true,
    needsPaymentUpdate: false,
  };
}

/** What canceling does, said plainly in the confirm dialog. */
export function cancelConsequence(subscription: Pick<Subscription, "current_period_end">): string {
  return `You keep Premium until ${formatDay(subscription.current_period_end)}. No further charges.`;
}
