import type { Kysely } from "kysely";
import type { AdPostbacksTable, Database } from "../db/schema.ts";

export type AdPostbackEvent = AdPostbacksTable["event"];

/** Conversions owed to the ad tracker and whether each got there. */
export class AdPostbackRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async create(postback: {
    leadId: number;
    event: AdPostbackEvent;
    eventId: string;
    subid: string;
    payoutCents: number;
    currency: string | null;
  }): Promise<number> {
    const row = await this.#db
      .insertInto("ad_postbacks")
      .values({
        lead_id: postback.leadId,
        event: postback.event,
        event_id: postback.eventId,
        subid: postback.subid,
        payout_cents: postback.payoutCents,
        currency: postback.currency,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: number) {
    return this.#db.selectFrom("ad_postbacks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Counts a try before it is made, so a worker that dies mid-call still shows it. */
  async countAttempt(id: number): Promise<void> {
    await this.#db
      .updateTable("ad_postbacks")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .execute();
  }

  async recordFailure(id: number, reason: string): Promise<void> {
    await this.#db.updateTable("ad_postbacks").set({ last_error: reason }).where("id", "=", id).execute();
  }

  async markDelivered(id: number, at: string): Promise<void> {
    await this.#db
      .updateTable("ad_postbacks")
      .set({ status: "delivered", delivered_at: at, last_error: null })
      .where("id", "=", id)
      .execute();
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.#db
      .updateTable("ad_postbacks")
      .set({ status: "failed", last_error: reason })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }
}
