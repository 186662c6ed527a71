import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface LeadRecord {
  id: number;
  subid: string;
}

/** Marketing leads: one per user (a unique index), with when it first paid. */
export class LeadRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Records the user's lead; null when the user already has one. */
  async insertOnce(lead: {
    userId: string;
    subid: string;
    email: string;
    at: string;
  }): Promise<LeadRecord | null> {
    const row = await this.#db
      .insertInto("leads")
      .values({
        user_id: lead.userId,
        subid: lead.subid,
        email: lead.email,
        status: "lead",
        created_at: lead.at,
      })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .returning(["id", "subid"])
      .executeTakeFirst();
    return row ?? null;
  }

  async existsFor(userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom("leads")
      .select("id")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks the user's lead as having paid; the lead only the first time, null after (or without a lead). */
  async convertOnce(userId: string, at: string): Promise<LeadRecord | null> {
    const row = await this.#db
      .updateTable("leads")
      .set({ converted_at: at })
      .where("user_id", "=", userId)
      .where("converted_at", "is", null)
      .returning(["id", "subid"])
      .executeTakeFirst();
    return row ?? null;
  }
}
