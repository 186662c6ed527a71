import Stripe from "stripe";
import {
  type CheckoutRequest,
  type CheckoutStart,
  type CheckoutStatus,
  type IncomingNotification,
  InvalidNotificationError,
  type PaymentEvent,
  type PaymentProvider,
} from "../types.ts";

export interface StripeConfig {
  /** STRIPE_SECRET_KEY: sk_live_… or sk_test_… */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret, whsec_… */
  webhookSecret: string;
  /**
   * Another server speaking Stripe's API, by origin ("http://127.0.0.1:12111": a local fake);
   * api.stripe.com when unset.
   */
  apiBase?: string | undefined;
}

/** The header Stripe signs its webhook deliveries in. */
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

/** A delivery signed longer ago than this is refused as a possible replay (Stripe's own default). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

type PaymentSucceeded = PaymentEvent & { type: "payment_succeeded" };
type PaymentFailed = PaymentEvent & { type: "payment_failed" };

/**
 * Stripe Checkout: the browser pays on Stripe's hosted page, priced inline from our price list
 * (no products or prices to set up in the dashboard). Token packages are one-off payments, plans
 * are subscriptions that Stripe renews. Our order id rides along as the session's
 * client_reference_id and metadata.order_id, and as the subscription's metadata.order_id.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly description: string;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(config: StripeConfig) {
    const server = config.apiBase ? apiServer(config.apiBase) : undefined;
    this.#stripe = new Stripe(config.secretKey, server ?? {});
    this.#webhookSecret = config.webhookSecret;
    const mode = /^[a-z]{2}_live_/.test(config.secretKey) ? "live" : "test";
    this.description = `Stripe Checkout (${mode} mode${server ? `, API at ${config.apiBase}` : ""})`;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const { item, orderId } = request;
    const metadata = { order_id: orderId };
    const priceData: Stripe.Checkout.SessionCreateParams.LineItem.PriceData = {
      currency: item.currency.toLowerCase(),
      unit_amount: item.amountCents,
      product_data: { name: item.description },
    };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: priceData }],
      client_reference_id: orderId,
      metadata,
      customer_email: request.email,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    };
    if (item.kind === "subscription") {
      if (!item.period) throw new Error(`the plan ${item.priceId} has no renewal period`);
      priceData.recurring = { interval: item.period.unit, interval_count: item.period.count };
      params.mode = "subscription";
      params.subscription_data = { metadata };
    }
    const session = await this.#stripe.checkout.sessions.create(params);
    if (!session.url) throw new Error(`Stripe created checkout session ${session.id} without a page URL`);
    return { url: session.url, providerReference: session.id };
  }

  async parseNotification(notification: IncomingNotification): Promise<{ events: PaymentEvent[] }> {
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(
        notification.rawBody,
        notification.headers[STRIPE_SIGNATURE_HEADER] ?? "",
        this.#webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new InvalidNotificationError(
        `Stripe webhook refused: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const paymentEvent = await this.#paymentEvent(event);
    return { events: paymentEvent ? [paymentEvent] : [] };
  }

  async checkoutStatus(order: { orderId: string; providerReference: string }): Promise<CheckoutStatus> {
    const session = await this.#stripe.checkout.sessions.retrieve(order.providerReference);
    const sessionOrderId = orderIdOf(session);
    if (sessionOrderId !== order.orderId) {
      throw new Error(
        `Stripe checkout session ${session.id} belongs to order ${sessionOrderId ?? "(none)"}, not ${order.orderId}`,
      );
    }
    const eventId = `session:${session.id}`;
    if (session.status === "complete" && session.payment_status === "paid") {
      return { status: "paid", event: await this.#paymentSucceeded(eventId, session, order.orderId) };
    }
    if (session.status === "expired") {
      return { status: "failed", event: paymentFailed(eventId, order.orderId, EXPIRED_REASON) };
    }
    // open, or complete with a delayed payment method (a bank debit) still clearing
    return { status: "pending" };
  }

  async cancelSubscription(providerSubscriptionId: string): Promise<{ endsAt: Date }> {
    const subscription = await this.#stripe.subscriptions.update(providerSubscriptionId, {
      cancel_at_period_end: true,
    });
    return { endsAt: scheduledEnd(subscription) };
  }

  /** The one event a Stripe event stands for, or null for one that changes nothing here. */
  async #paymentEvent(event: Stripe.Event): Promise<PaymentEvent | null> {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const session = event.data.object;
        const orderId = orderIdOf(session);
        // unpaid: a delayed payment method is still clearing; async_payment_succeeded follows
        if (!orderId || session.payment_status !== "paid") return null;
        return this.#paymentSucceeded(event.id, session, orderId);
      }
      case "checkout.session.async_payment_failed":
      case "checkout.session.expired": {
        const orderId = orderIdOf(event.data.object);
        if (!orderId) return null;
        const reason = event.type === "checkout.session.expired" ? EXPIRED_REASON : ASYNC_FAILURE_REASON;
        return paymentFailed(event.id, orderId, reason);
      }
      case "invoice.paid": {
        const invoice = event.data.object;
        const subscriptionId = subscriptionIdOf(invoice);
        // the first invoice is the checkout's own payment; a plan change's proration is no renewal
        if (invoice.billing_reason !== "subscription_cycle" || !subscriptionId) return null;
        return {
          id: event.id,
          type: "subscription_renewed",
          providerSubscriptionId: subscriptionId,
          currentPeriodEnd: billedUntil(invoice) ?? periodEnd(await this.#subscription(subscriptionId)),
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
        };
      }
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscriptionId = subscriptionIdOf(invoice);
        if (invoice.billing_reason !== "subscription_cycle" || !subscriptionId) return null;
        return {
          id: event.id,
          type: "subscription_renewal_failed",
          providerSubscriptionId: subscriptionId,
          reason: renewalFailure(invoice),
        };
      }
      case "customer.subscription.deleted": {
        const subscription = event.data.object;
        return {
          id: event.id,
          type: "subscription_canceled",
          providerSubscriptionId: subscription.id,
          endsAt: subscription.ended_at ? fromUnix(subscription.ended_at) : new Date(),
        };
      }
      case "customer.subscription.updated": {
        const subscription = event.data.object;
        const changed = event.data.previous_attributes;
        const cancellationChanged = !changed || "cancel_at_period_end" in changed || "cancel_at" in changed;
        if (!isEndScheduled(subscription) || !cancellationChanged) return null;
        return {
          id: event.id,
          type: "subscription_canceled",
          providerSubscriptionId: subscription.id,
          endsAt: scheduledEnd(subscription),
        };
      }
      default:
        return null;
    }
  }

  async #paymentSucceeded(
    eventId: string,
    session: Stripe.Checkout.Session,
    orderId: string,
  ): Promise<PaymentSucceeded> {
    const event: PaymentSucceeded = {
      id: eventId,
      type: "payment_succeeded",
      orderId,
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? "",
    };
    if (session.mode === "subscription" && session.subscription) {
      const subscription =
        typeof session.subscription === "string"
          ? await this.#subscription(session.subscription)
          : session.subscription;
      event.subscription = {
        providerSubscriptionId: subscription.id,
        currentPeriodEnd: periodEnd(subscription),
      };
    }
    return event;
  }

  #subscription(id: string): Promise<Stripe.Subscription> {
    return this.#stripe.subscriptions.retrieve(id);
  }
}

const EXPIRED_REASON = "the checkout expired before it was paid";
const ASYNC_FAILURE_REASON = "the delayed payment failed after checkout";

/** The SDK's host, port and protocol for another API server, given as an origin. */
function apiServer(apiBase: string): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch (error) {
    throw new Error(`the Stripe API base is not a URL: ${apiBase}`, { cause: error });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`the Stripe API base must be http or https: ${apiBase}`);
  }
  // the SDK sends absolute paths (/v1/…): a path here would be silently dropped
  if (url.pathname !== "/" || url.search || url.username) {
    throw new Error(`the Stripe API base is an origin only, without path or credentials: ${apiBase}`);
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port || (protocol === "http" ? 80 : 443),
  };
}

function orderIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.order_id || session.client_reference_id || null;
}

function paymentFailed(id: string, orderId: string, reason: string): PaymentFailed {
  return { id, type: "payment_failed", orderId, reason };
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === "string" ? subscription : subscription.id;
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

/**
 * Paid until: since API version 2025-03-31 the billing period lives on the subscription's items,
 * not on the subscription. A plan here is one item; with several, the last to run out counts.
 */
function periodEnd(subscription: Stripe.Subscription): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  if (ends.length === 0) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return fromUnix(Math.max(...ends));
}

/** The end of the period a renewal invoice charged for, from its lines (null when it has none). */
function billedUntil(invoice: Stripe.Invoice): Date | null {
  const ends = invoice.lines.data.map((line) => line.period.end);
  return ends.length > 0 ? fromUnix(Math.max(...ends)) : null;
}

function isEndScheduled(subscription: Stripe.Subscription): boolean {
  return subscription.cancel_at_period_end || subscription.cancel_at !== null;
}

function scheduledEnd(subscription: Stripe.Subscription): Date {
  return subscription.cancel_at !== null ? fromUnix(subscription.cancel_at) : periodEnd(subscription);
}

function renewalFailure(invoice: Stripe.Invoice): string {
  const retry = invoice.next_payment_attempt
    ? `; Stripe tries again at ${fromUnix(invoice.next_payment_attempt).toISOString()}`
    : "; Stripe will not try again";
  return `the renewal payment failed (attempt ${invoice.attempt_count})${retry}`;
}
