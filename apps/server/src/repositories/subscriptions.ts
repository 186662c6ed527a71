import type { Kysely } from "kysely";
import type { Database, SubscriptionRow, SubscriptionsTable } from "../db/schema.ts";

const now = () => new Date().toISOString();

export type SubscriptionStatus = SubscriptionsTable["status"];

/** Paid plans: one row per provider subscription, with its current period. */
export class SubscriptionRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async create(subscription: {
    userId: string;
    provider: string;
    providerSubscriptionId: string;
    planId: string;
    priceCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
  }): Promise<SubscriptionRow> {
    return this.#db
      .insertInto("subscriptions")
      .values({
        user_id: subscription.userId,
        provider: subscription.provider,
        provider_subscription_id: subscription.providerSubscriptionId,
        plan_id: subscription.planId,
        status: "active",
        price_cents: subscription.priceCents,
        currency: subscription.currency,
        current_period_start: subscription.periodStart.toISOString(),
        current_period_end: subscription.periodEnd.toISOString(),
        updated_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Takes the subscription's row lock for the rest of the transaction (a write that changes
   * nothing): two transactions that look at one subscription at once then take turns.
   */
  async lock(id: number): Promise<void> {
    await this.#db
      .updateTable("subscriptions")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", id)
      .execute();
  }

  async find(id: number): Promise<SubscriptionRow | undefined> {
    return this.#db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findByProviderId(
    provider: string,
    providerSubscriptionId: string,
  ): Promise<SubscriptionRow | undefined> {
    return this.#db
      .selectFrom("subscriptions")
      .selectAll()
      .where("provider", "=", provider)
      .where("provider_subscription_id", "=", providerSubscriptionId)
      .executeTakeFirst();
  }

  /** The user's subscription that still gives premium (active, past due, or canceled but paid up). */
  async currentForUser(userId: string): Promise<SubscriptionRow | undefined> {
    return this.#db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("status", "!=", "ended")
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  async startPeriod(id: number, period: { start: Date; end: Date }): Promise<void> {
    await this.#db
      .updateTable("subscriptions")
      .set({
        // a renewal also undoes a cancellation the user took back (Verotel's uncancel has no event of its own)
        status: "active",
        cancel_at_period_end: false,
        current_period_start: period.start.toISOString(),
        current_period_end: period.end.toISOString(),
        updated_at: now(),
      })
      .where("id", "=", id)
      .execute();
  }

  async setStatus(id: number, status: SubscriptionStatus): Promise<void> {
    await this.#db
      .updateTable("subscriptions")
      .set({ status, updated_at: now() })
      .where("id", "=", id)
      .execute();
  }

  /** No further renewals: access lasts until `endsAt`. */
  async cancelAt(id: number, endsAt: Date): Promise<void> {
    await this.#db
      .updateTable("subscriptions")
      .set({
        status: "canceled",
        cancel_at_period_end: true,
        current_period_end: endsAt.toISOString(),
        updated_at: now(),
      })
      .where("id", "=", id)
      .where("status", "!=", "ended")
      .execute();
  }
}
