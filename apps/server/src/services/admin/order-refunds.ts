import type { AdminPaymentOrder } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, SubscriptionRow } from "../../db/schema.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { PaymentProviders } from "../../providers/payments/index.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { PaymentEventRepository } from "../../repositories/payment-events.ts";
import { PaymentOrderRepository } from "../../repositories/payment-orders.ts";
import { PaymentRefundRepository } from "../../repositories/payment-refunds.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { UserRepository } from "../../repositories/users.ts";
import { presentUser } from "../accounts.ts";
import type { BillingService } from "../billing/billing-service.ts";
import type { Fulfilment } from "../billing/fulfilment.ts";
import type { PaymentService } from "../billing/payment-service.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";
import type { PaymentRecords } from "./payment-records.ts";

type Log = { error(obj: object, msg: string): void };

export interface OrderRefundsDeps {
  db: Kysely<Database>;
  billing: BillingService;
  payments: PaymentService;
  fulfilment: Fulfilment;
  providers: PaymentProviders;
  records: PaymentRecords;
  audit: AuditLogService;
  bus: EventBus;
  log: Log;
}

/**
 * An operator's refund of a paid order (decision 32), exactly once: in one
 * transaction the refund row (keyed by the order: a second refund is 409), the tokens the order
 * credited taken back through the billing service (never below zero: 409 `tokens_spent` unless
 * the operator takes back only what is left) and the audit entry. Then the provider is asked to
 * give the money back when it can (the test checkout); otherwise the refund says to do it at the
 * provider. A plan order's refund also ends the plan it started, now (canceled at the provider
 * first, as the admin plan change does), and takes back the MonthlyTokens that payment granted.
 */
export class OrderRefunds {
  readonly #deps: OrderRefundsDeps;

  constructor(deps: OrderRefundsDeps) {
    this.#deps = deps;
  }

  async refund(
    actor: AuditActor,
    orderId: string,
    request: { reason: string; partial_tokens?: boolean | undefined },
  ): Promise<AdminPaymentOrder> {
    const plan = await this.#preparePlanRefund(orderId, request.partial_tokens ?? false);
    const order = await this.#deps.db.transaction().execute(async (trx) => {
      const order = await new PaymentOrderRepository(trx).find(orderId);
      if (!order) throw new NotFoundError(`Order ${orderId} does not exist.`);
      const refunds = new PaymentRefundRepository(trx);
      if (await refunds.find(orderId)) {
        throw new ConflictError("already_refunded", "This order was refunded already.");
      }
      if (order.status !== "paid") {
        throw new ConflictError(
          "not_paid",
          `Only a paid order can be refunded; this one is ${order.status}.`,
        );
      }
      if (order.kind !== "tokens" && !plan) {
        throw new ConflictError("plan_refund_unsupported", "The plan this order started was not found.");
      }
      const subscription = plan ? await new SubscriptionRepository(trx).find(plan.subscriptionId) : undefined;
      const planBefore = subscription ? await this.#planState(trx, order.user_id, subscription) : null;
      const granted = plan ? plan.granted : (order.tokens ?? 0);
      const tokens = await this.#deps.billing.takeBackRefundedOrder(trx, {
        userId: order.user_id,
        orderId: order.id,
        tokens: granted,
        partial: request.partial_tokens ?? false,
      });
      // the plan the payment started ends now (the user is free unless another plan is current)
      if (subscription && subscription.status !== "ended") {
        await this.#deps.fulfilment.endSubscription(trx, subscription);
      }
      const planAfter = subscription ? await this.#planState(trx, order.user_id, subscription) : null;
      const provider = this.#deps.providers.byName.get(order.provider);
      const inserted = await refunds.insertOnce({
        order_id: order.id,
        amount_cents: order.amount_cents,
        currency: order.currency,
        tokens_granted: granted,
        tokens_taken_back: tokens.takenBack,
        reason: request.reason,
        actor_id: actor.id,
        actor_email: actor.email,
        provider_status: "manual",
        provider_detail: provider?.refund ? null : `Refund ${order.provider} at the provider.`,
      });
      if (!inserted) throw new ConflictError("already_refunded", "This order was refunded already.");
      await this.#deps.audit.record(
        {
          actor,
          action: "payment.order_refunded",
          targetType: "payment_order",
          targetId: order.id,
          before: {
            status: order.status,
            user_id: order.user_id,
            tokens: tokens.before,
            ...(planBefore ? { plan: planBefore } : {}),
          },
          after: {
            status: "refunded",
            user_id: order.user_id,
            tokens: tokens.after,
            tokens_taken_back: tokens.takenBack,
            amount_cents: order.amount_cents,
            currency: order.currency,
            ...(planAfter ? { plan: planAfter } : {}),
          },
          reason: request.reason,
        },
        trx,
      );
      return order;
    });

    // the money, after the refund is recorded: a provider that fails leaves it to be done by hand
    const provider = this.#deps.providers.byName.get(order.provider);
    if (provider?.refund) {
      const outcome = await provider
        .refund({
          orderId: order.id,
          providerReference: order.provider_reference,
          amountCents: order.amount_cents,
          currency: order.currency,
        })
        .then(
          (done) => ({ status: "refunded" as const, detail: done.reference }),
          (error: unknown) => {
            this.#deps.log.error({ err: error, orderId: order.id }, "the provider refused a refund");
            const why = error instanceof Error ? error.message : String(error);
            return { status: "failed" as const, detail: `Refund at the provider: ${why}` };
          },
        );
      await new PaymentRefundRepository(this.#deps.db).setProviderOutcome(order.id, outcome);
    }
    await this.#tellTabs(order.user_id);
    const refunded = await this.#deps.records.order(order.id);
    if (!refunded) throw new NotFoundError(`Order ${orderId} does not exist.`);
    return refunded;
  }

  /**
   * For a paid plan order: the subscription it started and the MonthlyTokens it granted (its first
   * period's ledger credit). Refused before anything changes when those tokens are spent and the
   * operator did not choose to take back only what is left; then the subscription is canceled at
   * its provider (an error there stops the refund, as it stops the admin plan change).
   */
  async #preparePlanRefund(
    orderId: string,
    partial: boolean,
  ): Promise<{ subscriptionId: number; granted: number } | null> {
    const order = await new PaymentOrderRepository(this.#deps.db).find(orderId);
    if (!order || order.kind === "tokens" || order.status !== "paid") return null;
    if (await new PaymentRefundRepository(this.#deps.db).find(orderId)) return null;
    const subscription = await this.#subscriptionOf(order);
    if (!subscription) {
      throw new ConflictError(
        "plan_refund_unsupported",
        "The plan this order started was not found: end the plan on the user's page and refund at the provider.",
      );
    }
    const granted = await this.#deps.billing.periodTokensGranted(subscription.id, this.#deps.db);
    const { tokens } = await this.#deps.billing.balance(order.user_id);
    if (tokens < granted && !partial) {
      throw new ConflictError(
        "tokens_spent",
        `The order gave ${granted} tokens and ${tokens} are left: refund with what is left taken back, or not at all.`,
      );
    }
    const current = await new SubscriptionRepository(this.#deps.db).currentForUser(order.user_id);
    if (current?.id === subscription.id && current.status !== "canceled") {
      // a provider must stop charging before the plan ends here
      await this.#deps.payments.cancel(order.user_id);
    }
    return { subscriptionId: subscription.id, granted };
  }

  /** The subscription a plan order started: named after the order, or by the provider's events. */
  async #subscriptionOf(order: { id: string; provider: string }): Promise<SubscriptionRow | undefined> {
    const subscriptions = new SubscriptionRepository(this.#deps.db);
    const own = await subscriptions.findByProviderId(order.provider, `order:${order.id}`);
    if (own) return own;
    const providerId = await new PaymentEventRepository(this.#deps.db).firstProviderSubscriptionId(order.id);
    if (!providerId) return undefined;
    return subscriptions.findByProviderId(order.provider, providerId);
  }

  async #planState(trx: Kysely<Database>, userId: string, subscription: SubscriptionRow) {
    const user = await new UserRepository(trx).findById(userId);
    const row = (await new SubscriptionRepository(trx).find(subscription.id)) ?? subscription;
    return {
      plan: user?.plan ?? null,
      subscription: {
        id: row.id,
        plan_id: row.plan_id,
        status: row.status,
        current_period_end: row.current_period_end,
      },
    };
  }

  async #tellTabs(userId: string): Promise<void> {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) return;
    await this.#deps.bus
      .publish(userId, { action: "user_update", user: presentUser(user), reason: "balance_changed" })
      .catch((error: unknown) => this.#deps.log.error({ err: error }, "the balance update was not sent"));
  }
}
