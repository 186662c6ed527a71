import type { Subscription } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { cancelConsequence, planStatus } from "./plan-status";

// noon UTC: the same calendar day in every time zone a test machine is likely to use
const PERIOD_END = "2026-03-14T12:00:00.000Z";

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan_id: "premium_1_month",
    plan_name: "1 month",
    status: "active",
    provider: "stripe",
    price_cents: 1299,
    currency: "usd",
    current_period_end: PERIOD_END,
    cancel_at_period_end: false,
    ...overrides,
  };
}

const FREE_USER = { plan: "free", payment_failed: false } as const;
const PREMIUM_USER = { plan: "premium", payment_failed: false } as const;

describe("planStatus", () => {
  it("is the free plan without a subscription, or once it ended", () => {
    expect(planStatus(null, FREE_USER)).toEqual({ kind: "free" });
    expect(planStatus(subscription({ status: "ended" }), FREE_USER)).toEqual({ kind: "free" });
  });

  it("is premium without billing when the account is premium but nothing is subscribed", () => {
    expect(planStatus(null, PREMIUM_USER)).toEqual({ kind: "premium-unbilled" });
  });

  it("renews an active subscription, which can be canceled", () => {
    expect(planStatus(subscription(), PREMIUM_USER)).toEqual({
      kind: "subscription",
      statusLabel: "Active",
      tone: "active",
      dateLine: "Renews on March 14, 2026.",
      canCancel: true,
      needsPaymentUpdate: false,
    });
  });

  it("says when access ends once canceled, and offers nothing to cancel again", () => {
    const expected = {
      kind: "subscription",
      statusLabel: "Canceled",
      tone: "ending",
      dateLine: "Premium until March 14, 2026. No further charges.",
      canCancel: false,
      needsPaymentUpdate: false,
    };
    expect(planStatus(subscription({ cancel_at_period_end: true }), PREMIUM_USER)).toEqual(expected);
    expect(planStatus(subscription({ status: "canceled" }), PREMIUM_USER)).toEqual(expected);
  });

  it("asks for a payment update after a failed renewal, from the status or the user's flag", () => {
    const expected = {
      kind: "subscription",
      statusLabel: "Payment failed",
      tone: "warning",
      dateLine: "The renewal on March 14, 2026 didn't go through.",
      canCancel: true,
      needsPaymentUpdate: true,
    };
    expect(planStatus(subscription({ status: "past_due" }), PREMIUM_USER)).toEqual(expected);
    expect(planStatus(subscription(), { plan: "premium", payment_failed: true })).toEqual(expected);
  });

  it("does not ask for a payment update once the subscription is set to end", () => {
    const status = planStatus(subscription({ status: "past_due", cancel_at_period_end: true }), {
      plan: "premium",
      payment_failed: true,
    });
    expect(status).toMatchObject({ statusLabel: "Canceled", needsPaymentUpdate: false, canCancel: false });
  });
});

describe("cancelConsequence", () => {
  it("says plainly what canceling does", () => {
    expect(cancelConsequence(subscription())).toBe(
      "You keep Premium until March 14, 2026. No further charges.",
    );
  });
});
