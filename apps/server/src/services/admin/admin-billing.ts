import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { UserRepository } from "../../repositories/users.ts";
import { presentUser } from "../accounts.ts";
import type { BillingService } from "../billing/billing-service.ts";
import { COMPLIMENTARY_PROVIDER, type ComplimentaryPlans } from "../billing/complimentary-plans.ts";
import type { PaymentNotices } from "../billing/payment-notices.ts";
import type { PaymentService } from "../billing/payment-service.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export interface AdminBillingDeps {
  db: Kysely<Database>;
  billing: BillingService;
  plans: ComplimentaryPlans;
  payments: PaymentService;
  notices: PaymentNotices;
  audit: AuditLogService;
  bus: EventBus;
  log: Log;
}

/**
 * An operator's changes to what a user may spend (decision 29): tokens granted or removed through the
 * billing service, and the plan set, each audited in its own transaction; the user's open tabs
 * are told at once (`user_update`).
 */
export class AdminBilling {
  readonly #deps: AdminBillingDeps;

  constructor(deps: AdminBillingDeps) {
    this.#deps = deps;
  }

  /** Grants (positive) or removes (negative) tokens; 409 when the balance would go below zero. */
  async adjustTokens(actor: AuditActor, userId: string, change: { amount: number; reason: string }) {
    const tokens = await this.#deps.db.transaction().execute(async (trx) => {
      if (!(await new UserRepository(trx).findById(userId))) {
        throw new NotFoundError(`User ${userId} does not exist.`);
      }
      const { before, after } = await this.#deps.billing.adminAdjust(trx, {
        userId,
        amount: change.amount,
        reference: `admin_adjustment:${randomUUID()}`,
      });
      await this.#deps.audit.record(
        {
          actor,
          action: change.amount > 0 ? "user.tokens_granted" : "user.tokens_removed",
          targetType: "user",
          targetId: userId,
          before: { tokens: before },
          after: { tokens: after },
          reason: change.reason,
        },
        trx,
      );
      return after;
    });
    await this.#tellTabs(userId, change.amount > 0 ? "tokens_added" : "balance_changed");
    return { tokens };
  }

  /** `free` ends premium now (a paid subscription is canceled at its provider first); a plan id gives premium. */
  async changePlan(
    actor: AuditActor,
    userId: string,
    change: { plan: string; until?: string | undefined; reason: string },
  ) {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) throw new NotFoundError(`User ${userId} does not exist.`);
    const current = await new SubscriptionRepository(this.#deps.db).currentForUser(userId);
    if (change.plan !== "free" && current && current.provider !== COMPLIMENTARY_PROVIDER) {
      // two subscriptions would each keep premium alive; the paid one is ended or left alone first
      throw new ConflictError(
        "paid_subscription",
        `This user pays for premium (${current.plan_id} via ${current.provider}, ${current.status}). Set the plan to free first to replace it.`,
      );
    }
    if (change.plan === "free" && current && current.provider !== COMPLIMENTARY_PROVIDER) {
      // a provider must stop charging before the plan ends here; an error stops the change
      if (current.status !== "canceled") await this.#deps.payments.cancel(userId);
    }
    const given = await this.#deps.db.transaction().execute(async (trx) => {
      const before = {
        plan: user.plan,
        subscription: current
          ? {
              plan_id: current.plan_id,
              status: current.status,
              current_period_end: current.current_period_end,
            }
          : null,
      };
      if (change.plan === "free") {
        await this.#deps.plans.endAll(trx, userId);
      }
      const subscription =
        change.plan === "free"
          ? null
          : await this.#deps.plans.give(trx, {
              userId,
              planId: change.plan,
              until: change.until ? new Date(change.until) : undefined,
            });
      await this.#deps.audit.record(
        {
          actor,
          action: "user.plan_changed",
          targetType: "user",
          targetId: userId,
          before,
          after: {
            plan: subscription ? "premium" : "free",
            subscription: subscription
              ? {
                  plan_id: subscription.plan_id,
                  status: subscription.status,
                  current_period_end: subscription.current_period_end,
                }
              : null,
          },
          reason: change.reason,
        },
        trx,
      );
      return subscription;
    });
    if (given) await this.#deps.notices.schedulePeriodEnd(given);
    await this.#tellTabs(userId, given ? "subscription_started" : "balance_changed");
  }

  async #tellTabs(userId: string, reason: "tokens_added" | "balance_changed" | "subscription_started") {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) return;
    await this.#deps.bus
      .publish(userId, { action: "user_update", user: presentUser(user), reason })
      .catch((error: unknown) => this.#deps.log.error({ err: error }, "the balance update was not sent"));
  }
}
