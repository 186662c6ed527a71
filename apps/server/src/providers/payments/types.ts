import type { PaymentProviderName } from "@reverie/shared";

/**
 * A card payment provider behind one interface (decision 21): the built-in test checkout, Stripe
 * Checkout, Verotel FlexPay. Each turns its own protocol into the same `PaymentEvent`s, which the
 * billing service applies exactly once; none of them changes a balance itself.
 */

/** What is being bought, priced by our price list (never by the browser). */
export interface CheckoutItem {
  /** the price list's price id: tokens_350, premium_1_month… */
  priceId: string;
  kind: "tokens" | "subscription";
  /** shown on the provider's page: "350 tokens", "Reverie Premium, 3 months" */
  description: string;
  amountCents: number;
  currency: string;
  /** for a subscription: how often it renews */
  period?: { unit: "day" | "month" | "year"; count: number };
}

export interface CheckoutRequest {
  /** our order id: the provider carries it back in its events (metadata, custom1, …) */
  orderId: string;
  userId: string;
  email: string;
  item: CheckoutItem;
  /** absolute URLs of this app */
  successUrl: string;
  cancelUrl: string;
  /** the provider's subscription to replace (a plan change), when there is one */
  replacesSubscriptionId?: string | undefined;
}

export interface CheckoutStart {
  /** the page the browser is sent to */
  url: string;
  /** the provider's id for this checkout (Stripe's session id, the test checkout's order id) */
  providerReference: string;
}

/** A provider's notification, verified and normalised. */
export type PaymentEvent =
  | {
      /** the provider's unique event id: the same id is applied once however often it arrives */
      id: string;
      type: "payment_succeeded";
      orderId: string;
      /** set when the payment started a subscription */
      subscription?: { providerSubscriptionId: string; currentPeriodEnd: Date };
      amountCents: number;
      currency: string;
    }
  | { id: string; type: "payment_failed"; orderId: string; reason: string }
  | {
      id: string;
      /** a subscription was charged for its next period */
      type: "subscription_renewed";
      providerSubscriptionId: string;
      currentPeriodEnd: Date;
      amountCents: number;
      currency: string;
    }
  | { id: string; type: "subscription_renewal_failed"; providerSubscriptionId: string; reason: string }
  | {
      id: string;
      /** no further renewals; access ends at `endsAt` (now, for an immediate end) */
      type: "subscription_canceled";
      providerSubscriptionId: string;
      endsAt: Date;
    };

/** An incoming webhook or postback, as the route received it. */
export interface IncomingNotification {
  /** the exact bytes of the body (signatures are computed over them) */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** the query string's parameters (postbacks sent as GET) */
  query: Record<string, string>;
}

/** A notification whose signature or timestamp does not check out: answered 400, nothing applied. */
export class InvalidNotificationError extends Error {
  override name = "InvalidNotificationError";
}

/** What the provider says of a checkout when the browser comes back (PATCH /api/user/payment). */
export type CheckoutStatus =
  | { status: "paid"; event: PaymentEvent & { type: "payment_succeeded" } }
  | { status: "failed"; event: PaymentEvent & { type: "payment_failed" } }
  | { status: "pending" };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** how the provider shows itself in the health report */
  readonly description: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /**
   * Verifies and parses one notification: the events in it (often one), or
   * InvalidNotificationError. `body` is what the provider expects back (Verotel wants "OK").
   */
  parseNotification(notification: IncomingNotification): Promise<{ events: PaymentEvent[]; body?: string }>;
  /** Asks the provider how a checkout ended, by our order id and its reference. */
  checkoutStatus(order: { orderId: string; providerReference: string }): Promise<CheckoutStatus>;
  /** Stops renewals at the end of the paid period (the provider confirms with an event, or at once). */
  cancelSubscription(providerSubscriptionId: string): Promise<{ endsAt: Date } | null>;
  /**
   * Gives a paid order's money back (the admin console's refund): the provider's refund id. Absent
   * when the provider is refunded by hand in its own dashboard (Stripe, Verotel for now).
   */
  refund?(payment: ProviderRefundRequest): Promise<{ reference: string }>;
}

/** A paid order to give back, as the provider knows it. */
export interface ProviderRefundRequest {
  orderId: string;
  providerReference: string | null;
  amountCents: number;
  currency: string;
}
