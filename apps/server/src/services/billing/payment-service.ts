import { randomUUID } from "node:crypto";
import type { CheckoutRequest, CheckoutSession, Order, Subscription, User } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, PaymentOrderRow, SubscriptionRow } from "../../db/schema.ts";
import { AppError, BadRequestError, ConflictError, NotFoundError } from "../../errors.ts";
import type { PaymentProviders } from "../../providers/payments/index.ts";
import type { IncomingNotification, PaymentEvent, PaymentProvider } from "../../providers/payments/types.ts";
import { InvalidNotificationError } from "../../providers/payments/types.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { PaymentOrderRepository } from "../../repositories/payment-orders.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { UserRepository } from "../../repositories/users.ts";
import { presentUser } from "../accounts.ts";
import type { Fulfilment, FulfilmentOutcome } from "./fulfilment.ts";
import type { PaymentNotices } from "./payment-notices.ts";
import { findPrice, PRICE_LIST } from "./price-list.ts";

/** The flows a checkout can start from: the checkout page, or the spec's payment popup. */
export type CheckoutFlow = "checkout" | "popup";

export function presentOrder(row: PaymentOrderRow): Order {
  return {
    id: row.id,
    kind: row.kind,
    price_id: row.price_id,
    description: row.description,
    tokens: row.tokens,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    provider: row.provider as Order["provider"],
    failure_reason: row.failure_reason,
    return_path: row.return_path,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function presentSubscription(row: SubscriptionRow): Subscription {
  const item = findPrice(row.plan_id);
  return {
    plan_id: row.plan_id,
    plan_name: item?.kind === "subscription" ? `Premium, ${item.plan.name}` : "Premium",
    status: row.status,
    provider: row.provider as Subscription["provider"],
    price_cents: row.price_cents,
    currency: row.currency,
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: Boolean(row.cancel_at_period_end),
  };
}

export interface PaymentServiceDeps {
  db: Kysely<Database>;
  providers: PaymentProviders;
  fulfilment: Fulfilment;
  bus: EventBus;
  notices: PaymentNotices;
  publicUrl: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Buying (decision 22): starts checkouts at a provider for a price id of the price list, takes the
 * providers' notifications and the browser's return, and hands every payment to the fulfilment,
 * which applies it exactly once. The browser never names an amount or a plan it gets: only a
 * price id to buy and an order id to confirm.
 */
export class PaymentService {
  readonly #deps: PaymentServiceDeps;

  constructor(deps: PaymentServiceDeps) {
    this.#deps = deps;
  }

  /** Starts paying for one price id: our order, then the provider's page. */
  async startCheckout(
    userId: string,
    request: CheckoutRequest,
    flow: CheckoutFlow = "checkout",
    replaces?: SubscriptionRow,
  ): Promise<CheckoutSession> {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) throw new NotFoundError("Your account no longer exists.");
    const item = findPrice(request.price_id);
    if (!item)
      throw new BadRequestError(`There is no plan or token package "${request.price_id}".`, "unknown_price");
    if (item.kind === "subscription" && !replaces) {
      const current = await new SubscriptionRepository(this.#deps.db).currentForUser(user.id);
      if (current && current.status !== "canceled") {
        throw new ConflictError(
          "already_premium",
          "You already have Premium. Change your plan or payment details in Settings.",
        );
      }
    }
    const provider = flow === "popup" ? this.#deps.providers.popup : this.#deps.providers.checkout;
    const orders = new PaymentOrderRepository(this.#deps.db);
    const order = await orders.create({
      id: randomUUID(),
      user_id: user.id,
      provider: provider.name,
      kind: item.kind,
      price_id: item.id,
      description: item.description,
      tokens: item.kind === "tokens" ? item.tokens : null,
      amount_cents: item.price_cents,
      currency: PRICE_LIST.currency,
      replaces_subscription_id: replaces?.id ?? null,
      return_path: request.return_path ?? null,
    });
    const back = (status: string) =>
      new URL(
        `/checkout?order=${encodeURIComponent(order.id)}&status=${status}`,
        this.#deps.publicUrl,
      ).toString();
    let started: { url: string; providerReference: string };
    try {
      started = await provider.startCheckout({
        orderId: order.id,
        userId: user.id,
        email: user.email,
        item: {
          priceId: item.id,
          kind: item.kind,
          description: item.description,
          amountCents: item.price_cents,
          currency: PRICE_LIST.currency,
          ...(item.kind === "subscription"
            ? { period: { unit: item.plan.interval, count: item.plan.interval_count } }
            : {}),
        },
        successUrl: back("success"),
        cancelUrl: back("canceled"),
        replacesSubscriptionId:
          replaces?.provider === provider.name ? replaces.provider_subscription_id : undefined,
      });
    } catch (error) {
      this.#deps.log.error(
        { err: error, provider: provider.name, orderId: order.id },
        "Can't get payment url",
      );
      await orders.markUnpaid(order.id, "failed", "The payment page could not be opened.");
      throw new AppError(
        503,
        "payment_unavailable",
        "We couldn't open the payment page just now. Nothing was charged; please try again in a moment.",
      );
    }
    await orders.setReference(order.id, started.providerReference);
    return { order_id: order.id, url: started.url, provider: provider.name };
  }

  /**
   * The browser is back from the provider's page: the order as it stands, after asking the
   * provider when our records still say pending. Only the order's owner may ask.
   */
  async confirmReturn(userId: string, orderId: string): Promise<{ order: Order; user: User }> {
    const orders = new PaymentOrderRepository(this.#deps.db);
    let order = await orders.findForUser(orderId, userId);
    if (!order) throw new NotFoundError(`There is no order ${orderId}.`);
    if (order.status === "pending" && order.provider_reference) {
      const provider = this.#deps.providers.byName.get(order.provider);
      if (provider) {
        const status = await provider
          .checkoutStatus({ orderId: order.id, providerReference: order.provider_reference })
          .catch((error: unknown) => {
            this.#deps.log.warn({ err: error, orderId }, "the provider could not say how the checkout ended");
            return { status: "pending" as const };
          });
        if (status.status !== "pending") await this.applyEvent(provider, status.event);
        order = (await orders.findForUser(orderId, userId)) ?? order;
      }
    }
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) throw new NotFoundError("Your account no longer exists.");
    return { order: presentOrder(order), user: presentUser(user) };
  }

  /** A provider's webhook or postback: verified, then applied; the body the provider expects back. */
  async receiveNotification(
    providerName: string,
    notification: IncomingNotification,
  ): Promise<string | undefined> {
    const provider = this.#deps.providers.byName.get(providerName);
    if (!provider) throw new NotFoundError(`No payment provider "${providerName}" is configured.`);
    let parsed: { events: PaymentEvent[]; body?: string };
    try {
      parsed = await provider.parseNotification(notification);
    } catch (error) {
      if (error instanceof InvalidNotificationError) {
        this.#deps.log.warn(
          { provider: providerName, reason: error.message },
          "a payment notification was refused",
        );
        throw new BadRequestError(`The notification was refused: ${error.message}`, "invalid_notification");
      }
      throw error;
    }
    for (const event of parsed.events) await this.applyEvent(provider, event);
    return parsed.body;
  }

  /** Applies one event through the fulfilment, then tells the user's tabs, mails, and stops a replaced plan. */
  async applyEvent(provider: PaymentProvider, event: PaymentEvent): Promise<FulfilmentOutcome> {
    const outcome = await this.#deps.fulfilment.apply(provider.name, event);
    if (outcome.kind !== "applied") {
      if (outcome.kind === "ignored")
        this.#deps.log.warn({ event, why: outcome.why }, "a payment event was not applied");
      return outcome;
    }
    await this.#afterApplied(outcome);
    return outcome;
  }

  async #afterApplied(outcome: FulfilmentOutcome & { kind: "applied" }): Promise<void> {
    const user = await new UserRepository(this.#deps.db).findById(outcome.userId);
    if (!user) return;
    const reason =
      outcome.change === "tokens_added"
        ? "tokens_added"
        : outcome.change === "subscription_started"
          ? "subscription_started"
          : outcome.change === "subscription_renewed"
            ? "subscription_renewed"
            : outcome.change === "renewal_failed" || outcome.change === "payment_failed"
              ? "payment_failed"
              : "balance_changed";
    await this.#deps.bus
      .publish(outcome.userId, { action: "user_update", user: presentUser(user), reason })
      .catch((error: unknown) => this.#deps.log.error({ err: error }, "the balance update was not sent"));
    await this.#deps.notices.afterPayment(outcome, user).catch((error: unknown) => {
      this.#deps.log.error({ err: error, change: outcome.change }, "the payment notice could not be sent");
    });
    if (outcome.replaced && outcome.replaced.provider !== "test") {
      const provider = this.#deps.providers.byName.get(outcome.replaced.provider);
      await provider
        ?.cancelSubscription(outcome.replaced.provider_subscription_id)
        .catch((error: unknown) => {
          this.#deps.log.error(
            { err: error, subscription: outcome.replaced?.id },
            "the replaced plan could not be stopped",
          );
        });
    }
  }

  async subscription(userId: string): Promise<Subscription | null> {
    const row = await new SubscriptionRepository(this.#deps.db).currentForUser(userId);
    return row ? presentSubscription(row) : null;
  }

  /** Stops renewals: premium lasts until the paid period ends. Canceling twice changes nothing. */
  async cancel(userId: string): Promise<Subscription | null> {
    const subscriptions = new SubscriptionRepository(this.#deps.db);
    const current = await subscriptions.currentForUser(userId);
    if (!current) throw new NotFoundError("You have no subscription to cancel.");
    if (current.status === "canceled") return presentSubscription(current);
    const provider = this.#deps.providers.byName.get(current.provider);
    if (!provider)
      throw new Error(`subscription ${current.id} belongs to ${current.provider}, which is not configured`);
    const confirmed = await provider
      .cancelSubscription(current.provider_subscription_id)
      .catch((error: unknown) => {
        this.#deps.log.error(
          { err: error, subscription: current.id },
          "the provider could not cancel the subscription",
        );
        throw new AppError(
          503,
          "payment_unavailable",
          "We couldn't reach the payment provider to cancel just now. Nothing changed; please try again in a moment.",
        );
      });
    const endsAt = confirmed?.endsAt ?? new Date(current.current_period_end);
    // applied as an event of its own: recorded once, and the provider's own cancel event later agrees
    await this.applyEvent(provider, {
      id: `cancel-request:${current.id}`,
      type: "subscription_canceled",
      providerSubscriptionId: current.provider_subscription_id,
      endsAt,
    });
    const after = await subscriptions.find(current.id);
    return after ? presentSubscription(after) : null;
  }

  /**
   * The provider's page to change plan (a new checkout that replaces the current subscription once
   * paid) or, without a price id, to pay the current plan again with another card after a failed
   * renewal.
   */
  async updateUrl(userId: string, priceId: string | undefined): Promise<string> {
    const current = await new SubscriptionRepository(this.#deps.db).currentForUser(userId);
    const target = priceId ?? current?.plan_id;
    if (!target) throw new BadRequestError("Choose a plan to subscribe to.", "plan_required");
    const item = findPrice(target);
    if (item?.kind !== "subscription")
      throw new BadRequestError(`"${target}" is not a plan.`, "unknown_price");
    const session = await this.startCheckout(userId, { price_id: target }, "checkout", current);
    return session.url;
  }

  async history(userId: string): Promise<Order[]> {
    const rows = await new PaymentOrderRepository(this.#deps.db).listForUser(userId, 100);
    return rows.map(presentOrder);
  }

  /** The order as its owner sees it, for the test checkout's page. */
  async orderForUser(userId: string, orderId: string): Promise<PaymentOrderRow> {
    const order = await new PaymentOrderRepository(this.#deps.db).findForUser(orderId, userId);
    if (!order) throw new NotFoundError(`There is no order ${orderId}.`);
    return order;
  }
}
