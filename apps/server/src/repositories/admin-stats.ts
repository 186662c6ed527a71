import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** A half-open range of instants: `from` included, `until` excluded (ISO 8601). */
export interface InstantRange {
  from: string;
  until: string;
}

export interface DayCount {
  day: string;
  count: number;
}

export interface DayAmount {
  day: string;
  currency: string;
  cents: number;
}

export interface DayTokenFlow {
  day: string;
  credited: number;
  debited: number;
}

export interface ReasonTokenFlow {
  reason: string;
  credited: number;
  debited: number;
}

/** Deleted accounts leave a tombstone row (account-data.ts) that is nobody's sign-up. */
const TOMBSTONE_EMAIL = "%@deleted.invalid";

/**
 * The admin dashboard's figures per UTC day (decision 32). Timestamps are ISO text on SQLite and
 * timestamptz on Postgres, so a day is the text's first ten characters on one and `to_char` in
 * UTC on the other; sums come back as strings from Postgres and are turned into numbers here.
 */
export class AdminStatsRepository {
  readonly #db: Kysely<Database>;
  readonly #postgres: boolean;

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** The UTC day (YYYY-MM-DD) of a timestamp column. */
  #day(column: string): RawBuilder<string> {
    return this.#postgres
      ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  }

  async signUpsPerDay(range: InstantRange): Promise<DayCount[]> {
    const day = this.#day("users.created_at");
    const rows = await this.#db
      .selectFrom("users")
      .select([day.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.until)
      .where("email", "not like", TOMBSTONE_EMAIL)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  /** Messages users sent per day, and how many accounts sent them. */
  async userMessagesPerDay(range: InstantRange): Promise<{ day: string; messages: number; users: number }[]> {
    const day = this.#day("messages.created_at");
    const rows = await this.#db
      .selectFrom("messages")
      .innerJoin("chats", "chats.id", "messages.chat_id")
      .select([
        day.as("day"),
        (eb) => eb.fn.countAll<number | string>().as("messages"),
        (eb) => eb.fn.count<number | string>("chats.user_id").distinct().as("users"),
      ])
      .where("messages.sender", "=", "user")
      .where("messages.created_at", ">=", range.from)
      .where("messages.created_at", "<", range.until)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, messages: Number(row.messages), users: Number(row.users) }));
  }

  /** Accounts that sent a message at any time in the range. */
  async activeUsers(range: InstantRange): Promise<number> {
    const row = await this.#db
      .selectFrom("messages")
      .innerJoin("chats", "chats.id", "messages.chat_id")
      .select((eb) => eb.fn.count<number | string>("chats.user_id").distinct().as("users"))
      .where("messages.sender", "=", "user")
      .where("messages.created_at", ">=", range.from)
      .where("messages.created_at", "<", range.until)
      .executeTakeFirstOrThrow();
    return Number(row.users);
  }

  /** Pictures and videos characters sent in chats, plus pictures users generated, per day. */
  async picturesPerDay(range: InstantRange): Promise<DayCount[]> {
    const inChats = this.#day("messages.created_at");
    const generated = this.#day("media.created_at");
    const [chatRows, generatedRows] = await Promise.all([
      this.#db
        .selectFrom("messages")
        .select([inChats.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("sender", "=", "model")
        .where("type", "in", ["image", "private_image", "private_video"])
        .where("created_at", ">=", range.from)
        .where("created_at", "<", range.until)
        .groupBy(inChats)
        .execute(),
      this.#db
        .selectFrom("media")
        .select([generated.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("owner_id", "is not", null)
        .where("created_at", ">=", range.from)
        .where("created_at", "<", range.until)
        .groupBy(generated)
        .execute(),
    ]);
    return [...chatRows, ...generatedRows].map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  /** Voice messages made (ready), by the day they were ready. */
  async voiceMessagesPerDay(range: InstantRange): Promise<DayCount[]> {
    const day = this.#day("message_voices.updated_at");
    const rows = await this.#db
      .selectFrom("message_voices")
      .select([day.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("status", "=", "ready")
      .where("updated_at", ">=", range.from)
      .where("updated_at", "<", range.until)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  /**
   * Money taken per day and currency: orders paid (a paid order's `updated_at` is when it was
   * paid: nothing updates it afterwards) and subscription renewals (their event, at the
   * subscription's price). A refunded order still counts on its day; refunds are their own series.
   */
  async revenuePerDay(range: InstantRange): Promise<DayAmount[]> {
    const paidDay = this.#day("payment_orders.updated_at");
    const renewalDay = this.#day("payment_events.created_at");
    const [orders, renewals] = await Promise.all([
      this.#db
        .selectFrom("payment_orders")
        .select([
          paidDay.as("day"),
          "currency",
          (eb) => eb.fn.sum<number | string>("amount_cents").as("cents"),
        ])
        .where("status", "=", "paid")
        .where("updated_at", ">=", range.from)
        .where("updated_at", "<", range.until)
        .groupBy([paidDay, "currency"])
        .execute(),
      this.#db
        .selectFrom("payment_events")
        .innerJoin("subscriptions", (join) =>
          join
            .onRef("subscriptions.provider", "=", "payment_events.provider")
            .onRef("subscriptions.provider_subscription_id", "=", "payment_events.provider_subscription_id"),
        )
        .select([
          renewalDay.as("day"),
          "subscriptions.currency as currency",
          (eb) => eb.fn.sum<number | string>("subscriptions.price_cents").as("cents"),
        ])
        .where("payment_events.type", "=", "subscription_renewed")
        .where("payment_events.created_at", ">=", range.from)
        .where("payment_events.created_at", "<", range.until)
        .groupBy([renewalDay, "subscriptions.currency"])
        .execute(),
    ]);
    return [...orders, ...renewals].map((row) => ({
      day: row.day,
      currency: row.currency,
      cents: Number(row.cents),
    }));
  }

  async refundsPerDay(range: InstantRange): Promise<DayAmount[]> {
    const day = this.#day("payment_refunds.created_at");
    const rows = await this.#db
      .selectFrom("payment_refunds")
      .select([day.as("day"), "currency", (eb) => eb.fn.sum<number | string>("amount_cents").as("cents")])
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.until)
      .groupBy([day, "currency"])
      .execute();
    return rows.map((row) => ({ day: row.day, currency: row.currency, cents: Number(row.cents) }));
  }

  /** Tokens added to and taken from balances per day (the ledger). */
  async tokenFlowPerDay(range: InstantRange): Promise<DayTokenFlow[]> {
    const day = this.#day("token_ledger.created_at");
    const rows = await this.#db
      .selectFrom("token_ledger")
      .select([
        day.as("day"),
        sql<number | string>`coalesce(sum(case when delta > 0 then delta else 0 end), 0)`.as("credited"),
        sql<number | string>`coalesce(sum(case when delta < 0 then -delta else 0 end), 0)`.as("debited"),
      ])
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.until)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({
      day: row.day,
      credited: Number(row.credited),
      debited: Number(row.debited),
    }));
  }

  /** Tokens added and taken over the range, by the ledger's reason. */
  async tokenFlowByReason(range: InstantRange): Promise<ReasonTokenFlow[]> {
    const rows = await this.#db
      .selectFrom("token_ledger")
      .select([
        "reason",
        sql<number | string>`coalesce(sum(case when delta > 0 then delta else 0 end), 0)`.as("credited"),
        sql<number | string>`coalesce(sum(case when delta < 0 then -delta else 0 end), 0)`.as("debited"),
      ])
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.until)
      .groupBy("reason")
      .orderBy("reason")
      .execute();
    return rows.map((row) => ({
      reason: row.reason,
      credited: Number(row.credited),
      debited: Number(row.debited),
    }));
  }
}
