import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, SubscriptionRow } from "../../db/schema.ts";
import { BadRequestError } from "../../errors.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { UserRepository } from "../../repositories/users.ts";
import type { Fulfilment } from "./fulfilment.ts";
import { findPrice, periodEnd } from "./price-list.ts";

/** The provider name of premium an operator gave (no payment, no renewal). */
export const COMPLIMENTARY_PROVIDER = "complimentary";

/**
 * Plans an operator sets in the admin console (decision 29): premium given until a date, as a
 * subscription row of its own provider that is already canceled (so it never renews and ends at
 * its period's end like any canceled one), or the free plan now (every current subscription ends).
 * Runs inside the caller's transaction, so the audit entry goes with it.
 */
export class ComplimentaryPlans {
  readonly #fulfilment: Fulfilment;

  constructor(deps: { fulfilment: Fulfilment }) {
    this.#fulfilment = deps.fulfilment;
  }

  /** Premium on `planId` until `until` (the plan's period from now by default). */
  async give(
    trx: Kysely<Database>,
    grant: { userId: string; planId: string; until?: Date | undefined },
  ): Promise<SubscriptionRow> {
    const item = findPrice(grant.planId);
    if (item?.kind !== "subscription") throw new BadRequestError(`${grant.planId} is not a premium plan.`);
    const start = new Date();
    const end = grant.until ?? periodEnd(item.plan, start);
    if (end.getTime() <= start.getTime()) throw new BadRequestError("The premium must end in the future.");
    const subscriptions = new SubscriptionRepository(trx);
    const current = await subscriptions.currentForUser(grant.userId);
    if (current?.provider === COMPLIMENTARY_PROVIDER) await subscriptions.setStatus(current.id, "ended");
    const created = await subscriptions.create({
      userId: grant.userId,
      provider: COMPLIMENTARY_PROVIDER,
      providerSubscriptionId: `complimentary-${randomUUID()}`,
      planId: item.id,
      priceCents: 0,
      currency: "usd",
      periodStart: start,
      periodEnd: end,
    });
    await subscriptions.cancelAt(created.id, end);
    await new UserRepository(trx).update(grant.userId, { plan: "premium" });
    return {
      ...created,
      status: "canceled",
      cancel_at_period_end: true,
      current_period_end: end.toISOString(),
    };
  }

  /** The free plan now: every current subscription ends (a paid one should be canceled at its provider first). */
  async endAll(trx: Kysely<Database>, userId: string): Promise<void> {
    const subscriptions = new SubscriptionRepository(trx);
    for (let current = await subscriptions.currentForUser(userId); current; ) {
      await this.#fulfilment.endSubscription(trx, current);
      current = await subscriptions.currentForUser(userId);
    }
    await new UserRepository(trx).update(userId, { plan: "free", payment_failed: false });
  }
}
