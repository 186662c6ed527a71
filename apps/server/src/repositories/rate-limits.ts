import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export interface WindowCount {
  count: number;
  windowStart: number;
}

/** Fixed-window counters in the database, so every instance sees the same counts. */
export class RateLimitRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Counts `amount` more (one event by default) in the key's current window (a new window starts
   * once the old one ended).
   */
  async increment(key: string, windowMs: number, now: number, amount = 1): Promise<WindowCount> {
    const expired = now - windowMs;
    const row = await this.#db
      .insertInto("rate_limits")
      .values({ key, window_start: now, count: amount })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({
          count: sql`case when rate_limits.window_start <= ${expired} then cast(${amount} as integer) else rate_limits.count + cast(${amount} as integer) end`,
          window_start: sql`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(["count", "window_start"])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), windowStart: Number(row.window_start) };
  }

  /** Takes one event back out of the key's current window (never below zero). */
  async decrement(key: string): Promise<void> {
    await this.#db
      .updateTable("rate_limits")
      .set({ count: sql`case when count > 0 then count - 1 else 0 end` })
      .where("key", "=", key)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.#db.deleteFrom("rate_limits").where("key", "=", key).execute();
  }
}
