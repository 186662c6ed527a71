import type { PaymentProviderName } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, PaymentOrderRow, SubscriptionRow } from "../../db/schema.ts";
import type { PaymentEvent } from "../../providers/payments/types.ts";
import { PaymentEventRepository } from "../../repositories/payment-events.ts";
import { PaymentOrderRepository } from "../../repositories/payment-orders.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { UserRepository } from "../../repositories/users.ts";
import type { BillingService } from "./billing-service.ts";
import { grantReference, periodGrants, periodReference } from "./monthly-tokens.ts";
import { findPrice, periodEnd } from "./price-list.ts";

/** What changed for a user once an event was applied: told to their open tabs, emailed, scheduled. */
export type FulfilmentOutcome =
  | { kind: "duplicate" }
  | { kind: "ignored"; why: string }
  | {
      kind: "applied";
      userId: string;
      change:
        | "tokens_added"
        | "subscription_started"
        | "subscription_renewed"
        | "payment_failed"
        | "renewal_failed"
        | "subscription_canceled"
        | "subscription_ended";
      order?: PaymentOrderRow;
      subscription?: SubscriptionRow;
      /** a subscription another one replaced: the provider is told to stop it */
      replaced?: SubscriptionRow;
    };

/**
 * Told of each order paid, inside the transaction that applied it (attribution's `purchase`
 * postback): what it writes commits or rolls back with the payment.
 */
export type PaidOrderListener = (trx: Kysely<Database>, order: PaymentOrderRow) => Promise<void>;

/** The tokens one paid period of a plan brings in all, month by month (see monthly-tokens.ts). */
export function periodTokens(planId: string): number {
  const start = new Date(0);
  const item = findPrice(planId);
  const end = item?.kind === "subscription" ? periodEnd(item.plan, start) : start;
  return periodGrants(planId, start, end).reduce((sum, grant) => sum + grant.tokens, 0);
}

export interface FulfilmentDeps {
  db: Kysely<Database>;
  billing: BillingService;
  onOrderPaid?: PaidOrderListener;
}

/**
 * Applies provider events (decision 22): each exactly once, in one transaction, through the billing
 * service. The event row is written first in that transaction: a redelivery (or 50 at once) finds
 * it and changes nothing; an order is fulfilled once even when two different events (a webhook
 * and the return page's status check) both report it paid.
 */
export class Fulfilment {
  readonly #deps: FulfilmentDeps;

  constructor(deps: FulfilmentDeps) {
    this.#deps = deps;
  }

  async apply(provider: PaymentProviderName, event: PaymentEvent): Promise<FulfilmentOutcome> {
    return this.#deps.db.transaction().execute(async (trx) => {
      const recorded = await new PaymentEventRepository(trx).recordOnce({
        provider,
        eventId: event.id,
        type: event.type,
        orderId: "orderId" in event ? event.orderId : null,
        providerSubscriptionId:
          "providerSubscriptionId" in event
            ? event.providerSubscriptionId
            : event.type === "payment_succeeded"
              ? (event.subscription?.providerSubscriptionId ?? null)
              : null,
        payload: event,
      });
      if (!recorded) return { kind: "duplicate" };
      switch (event.type) {
        case "payment_succeeded":
          return this.#paid(trx, provider, event);
        case "payment_failed":
          return this.#failed(trx, event);
        case "subscription_renewed":
          return this.#renewed(trx, provider, event);
        case "subscription_renewal_failed":
          return this.#renewalFailed(trx, provider, event);
        case "subscription_canceled":
          return this.#canceled(trx, provider, event);
      }
    });
  }

  async #paid(
    trx: Kysely<Database>,
    provider: PaymentProviderName,
    event: PaymentEvent & { type: "payment_succeeded" },
  ): Promise<FulfilmentOutcome> {
    const orders = new PaymentOrderRepository(trx);
    const order = await orders.find(event.orderId);
    if (!order) return { kind: "ignored", why: `no order ${event.orderId}` };
    if (order.provider !== provider)
      return { kind: "ignored", why: `order ${order.id} is not ${provider}'s` };
    if (event.amountCents !== order.amount_cents || event.currency.toLowerCase() !== order.currency) {
      // the provider charged something else than we priced: never credit on it, an operator looks
      return {
        kind: "ignored",
        why: `order ${order.id} costs ${order.amount_cents} ${order.currency}, the provider reported ${event.amountCents} ${event.currency}`,
      };
    }
    if (!(await orders.markPaid(order.id))) return { kind: "duplicate" };
    const paidOrder = { ...order, status: "paid" as const, failure_reason: null };
    await this.#deps.onOrderPaid?.(trx, paidOrder);

    if (order.kind === "tokens") {
      if (order.tokens === null) throw new Error(`token order ${order.id} has no token count`);
      await this.#deps.billing.grant(trx, {
        userId: order.user_id,
        amount: order.tokens,
        reason: "purchase",
        reference: `order:${order.id}`,
      });
      return { kind: "applied", userId: order.user_id, change: "tokens_added", order: paidOrder };
    }

    const item = findPrice(order.price_id);
    if (item?.kind !== "subscription") throw new Error(`order ${order.id} names no plan (${order.price_id})`);
    const start = new Date();
    const end = event.subscription?.currentPeriodEnd ?? periodEnd(item.plan, start);
    const subscriptions = new SubscriptionRepository(trx);
    const subscription = await subscriptions.create({
      userId: order.user_id,
      provider,
      providerSubscriptionId: event.subscription?.providerSubscriptionId ?? `order:${order.id}`,
      planId: item.id,
      priceCents: order.amount_cents,
      currency: order.currency,
      periodStart: start,
      periodEnd: end,
    });
    let replaced: SubscriptionRow | undefined;
    if (order.replaces_subscription_id !== null) {
      replaced = await subscriptions.find(order.replaces_subscription_id);
      if (replaced && replaced.status !== "ended") await subscriptions.setStatus(replaced.id, "ended");
    }
    await new UserRepository(trx).update(order.user_id, { plan: "premium", payment_failed: false });
    await this.grantDueTokens(trx, subscription, start);
    return {
      kind: "applied",
      userId: order.user_id,
      change: "subscription_started",
      order: paidOrder,
      subscription,
      ...(replaced ? { replaced } : {}),
    };
  }

  async #failed(
    trx: Kysely<Database>,
    event: PaymentEvent & { type: "payment_failed" },
  ): Promise<FulfilmentOutcome> {
    const orders = new PaymentOrderRepository(trx);
    const order = await orders.find(event.orderId);
    if (!order) return { kind: "ignored", why: `no order ${event.orderId}` };
    await orders.markUnpaid(order.id, "failed", event.reason);
    const failed = await orders.find(order.id);
    return {
      kind: "applied",
      userId: order.user_id,
      change: "payment_failed",
      ...(failed ? { order: failed } : {}),
    };
  }

  async #renewed(
    trx: Kysely<Database>,
    provider: PaymentProviderName,
    event: PaymentEvent & { type: "subscription_renewed" },
  ): Promise<FulfilmentOutcome> {
    const subscriptions = new SubscriptionRepository(trx);
    const subscription = await liveSubscription(subscriptions, provider, event.providerSubscriptionId);
    if ("ignored" in subscription) return subscription.ignored;
    const start = new Date(subscription.current_period_end);
    await subscriptions.startPeriod(subscription.id, { start, end: event.currentPeriodEnd });
    await new UserRepository(trx).update(subscription.user_id, { plan: "premium", payment_failed: false });
    const renewed: SubscriptionRow = {
      ...subscription,
      status: "active",
      current_period_start: start.toISOString(),
      current_period_end: event.currentPeriodEnd.toISOString(),
    };
    // the renewal is paid now: its first month's tokens come now, even if it was charged a little early
    await this.grantDueTokens(trx, renewed, new Date(Math.max(Date.now(), start.getTime())));
    return {
      kind: "applied",
      userId: subscription.user_id,
      change: "subscription_renewed",
      subscription: renewed,
    };
  }

  async #renewalFailed(
    trx: Kysely<Database>,
    provider: PaymentProviderName,
    event: PaymentEvent & { type: "subscription_renewal_failed" },
  ): Promise<FulfilmentOutcome> {
    const subscriptions = new SubscriptionRepository(trx);
    const subscription = await liveSubscription(subscriptions, provider, event.providerSubscriptionId);
    if ("ignored" in subscription) return subscription.ignored;
    await subscriptions.setStatus(subscription.id, "past_due");
    // premium stays until the provider gives up (a cancel event): it retries the card meanwhile
    await new UserRepository(trx).update(subscription.user_id, { payment_failed: true });
    return {
      kind: "applied",
      userId: subscription.user_id,
      change: "renewal_failed",
      subscription: { ...subscription, status: "past_due" },
    };
  }

  async #canceled(
    trx: Kysely<Database>,
    provider: PaymentProviderName,
    event: PaymentEvent & { type: "subscription_canceled" },
  ): Promise<FulfilmentOutcome> {
    const subscriptions = new SubscriptionRepository(trx);
    const subscription = await liveSubscription(subscriptions, provider, event.providerSubscriptionId);
    if ("ignored" in subscription) return subscription.ignored;
    if (event.endsAt.getTime() <= Date.now()) {
      return this.endSubscription(trx, subscription);
    }
    await subscriptions.cancelAt(subscription.id, event.endsAt);
    return {
      kind: "applied",
      userId: subscription.user_id,
      change: "subscription_canceled",
      subscription: {
        ...subscription,
        status: "canceled",
        cancel_at_period_end: true,
        current_period_end: event.endsAt.toISOString(),
      },
    };
  }

  /** Ends a subscription now: the user is back on the free plan unless another one is current. */
  async endSubscription(trx: Kysely<Database>, subscription: SubscriptionRow): Promise<FulfilmentOutcome> {
    const subscriptions = new SubscriptionRepository(trx);
    await subscriptions.setStatus(subscription.id, "ended");
    const other = await subscriptions.currentForUser(subscription.user_id);
    if (!other) {
      await new UserRepository(trx).update(subscription.user_id, { plan: "free", payment_failed: false });
    }
    return {
      kind: "applied",
      userId: subscription.user_id,
      change: "subscription_ended",
      subscription: { ...subscription, status: "ended" },
    };
  }

  /**
   * The plan's tokens due by `now` in the subscription's current period, each through the ledger
   * once (its reference names the subscription, the period and the month): at the period's start,
   * then month by month from the period job (SubscriptionPeriods). A period granted whole before
   * grants came monthly has its reference without a month, and gets no more. Tokens granted now.
   */
  async grantDueTokens(
    trx: Kysely<Database>,
    subscription: SubscriptionRow,
    now = new Date(),
  ): Promise<number> {
    // concurrent lookers take turns, so the second sees the first one's grants (Postgres would
    // otherwise refuse its insert on the ledger's unique reference and fail the job)
    await new SubscriptionRepository(trx).lock(subscription.id);
    const start = new Date(subscription.current_period_start);
    const end = new Date(subscription.current_period_end);
    if (await this.#deps.billing.hasLedgerReference(trx, periodReference(subscription.id, end))) return 0;
    let granted = 0;
    for (const grant of periodGrants(subscription.plan_id, start, end)) {
      if (grant.at.getTime() > now.getTime()) break;
      const balance = await this.#deps.billing.grant(trx, {
        userId: subscription.user_id,
        amount: grant.tokens,
        reason: "monthly_tokens",
        reference: grantReference(subscription.id, end, grant.index),
      });
      if (balance !== null) granted += grant.tokens;
    }
    return granted;
  }
}

/** The subscription a provider's event names, unless it is unknown or already ended (then the event is ignored). */
async function liveSubscription(
  subscriptions: SubscriptionRepository,
  provider: PaymentProviderName,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | { ignored: FulfilmentOutcome }> {
  const subscription = await subscriptions.findByProviderId(provider, providerSubscriptionId);
  if (!subscription)
    return { ignored: { kind: "ignored", why: `no subscription ${providerSubscriptionId}` } };
  if (subscription.status === "ended")
    return { ignored: { kind: "ignored", why: `subscription ${subscription.id} ended` } };
  return subscription;
}
