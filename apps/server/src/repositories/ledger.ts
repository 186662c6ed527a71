import { type Kysely, sql } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database, TokenLedgerRow } from "../db/schema.ts";

// asked on every chat message, compiled once (db/cached-query.ts)
const balanceOf = cachedQuery((db, where: { userId: string }) =>
  db.selectFrom("users").select(["plan", "free_msgs", "tokens"]).where("id", "=", where.userId),
);
const takeFreeMessage = cachedQuery((db, where: { userId: string }) =>
  db
    .updateTable("users")
    .set({ free_msgs: sql`free_msgs - 1` })
    .where("id", "=", where.userId)
    .where("free_msgs", ">", 0)
    .returning("free_msgs"),
);
const takeTokens = cachedQuery((db, change: { userId: string; amount: number }) =>
  db
    .updateTable("users")
    .set({ tokens: sql`tokens - ${change.amount}` })
    .where("id", "=", change.userId)
    .where("tokens", ">=", change.amount)
    .returning("tokens"),
);
const addToLedger = cachedQuery(
  (db, entry: { userId: string; delta: number; balanceAfter: number; reason: string; reference: string }) =>
    db.insertInto("token_ledger").values({
      user_id: entry.userId,
      delta: entry.delta,
      balance_after: entry.balanceAfter,
      reason: entry.reason,
      reference: entry.reference,
    }),
);

export interface LedgerChange {
  userId: string;
  amount: number;
  /** what the change is for: message, unlock, bundle, purchase, monthly_tokens, refund, grant… */
  reason: string;
  /** unique: the same reference is applied once (a message id, a payment event, a period) */
  reference: string;
}

/**
 * The token ledger and the balances it explains. Only the billing service uses it, inside its
 * callers' transactions: every change of `users.tokens` is one ledger row with the balance after
 * it, the updates refuse to go below zero, and a reference already in the ledger (unique) is not
 * applied twice. Free messages are an allowance, not tokens: they are counted on the user row.
 */
export class LedgerRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async current(userId: string): Promise<{ plan: "free" | "premium"; free_msgs: number; tokens: number }> {
    const row = await balanceOf.first(this.#db, { userId });
    if (!row) throw new Error(`user ${userId} does not exist`);
    return row;
  }

  /** Uses one free message: how many are left then, or null (nothing changed) when none was. */
  async useFreeMessage(userId: string): Promise<number | null> {
    const row = await takeFreeMessage.first(this.#db, { userId });
    return row ? row.free_msgs : null;
  }

  async restoreFreeMessage(userId: string): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({ free_msgs: sql`free_msgs + 1` })
      .where("id", "=", userId)
      .execute();
  }

  /** Takes tokens: the balance then, or null (nothing changed) when it is too small. */
  async debit(change: LedgerChange): Promise<number | null> {
    const row = await takeTokens.first(this.#db, { userId: change.userId, amount: change.amount });
    if (!row) return null;
    await addToLedger.affected(this.#db, {
      userId: change.userId,
      delta: -change.amount,
      balanceAfter: row.tokens,
      reason: change.reason,
      reference: change.reference,
    });
    return row.tokens;
  }

  /**
   * Adds tokens: the balance then, or null when the reference is in the ledger already. A
   * concurrent credit with the same reference fails on the unique index and rolls its
   * transaction back, so it is never applied twice either.
   */
  async credit(change: LedgerChange): Promise<number | null> {
    if (await this.hasReference(change.reference)) return null;
    const row = await this.#db
      .updateTable("users")
      .set({ tokens: sql`tokens + ${change.amount}` })
      .where("id", "=", change.userId)
      .returning("tokens")
      .executeTakeFirstOrThrow();
    await addToLedger.affected(this.#db, {
      userId: change.userId,
      delta: change.amount,
      balanceAfter: row.tokens,
      reason: change.reason,
      reference: change.reference,
    });
    return row.tokens;
  }

  async hasReference(reference: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom("token_ledger")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The user's statement, newest first. */
  async statement(userId: string, page: { limit: number; offset: number }): Promise<TokenLedgerRow[]> {
    return this.#db
      .selectFrom("token_ledger")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async count(userId: string): Promise<number> {
    const row = await this.#db
      .selectFrom("token_ledger")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * How many changes for `reason` an allowance paid (zero-token rows) since `since`: they stay in
   * the ledger when what they paid for is deleted, so deleting and recreating does not refill it.
   */
  async countIncludedSince(userId: string, reason: string, since: Date): Promise<number> {
    const row = await this.#db
      .selectFrom("token_ledger")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", userId)
      .where("reason", "=", reason)
      .where("delta", "=", 0)
      .where("created_at", ">=", since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The sum of the user's ledger, which always equals their balance (checked by the tests). */
  async sum(userId: string): Promise<number> {
    const row = await this.#db
      .selectFrom("token_ledger")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("delta"), sql<number>`0`).as("total"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** A subscription's MonthlyTokens grants (reference `monthly_tokens:<id>:…`), oldest first. */
  async monthlyTokenGrants(
    subscriptionId: number,
  ): Promise<Array<{ delta: number; reference: string | null }>> {
    return this.#db
      .selectFrom("token_ledger")
      .select(["delta", "reference"])
      .where("reason", "=", "monthly_tokens")
      .where("reference", "like", `monthly_tokens:${subscriptionId}:%`)
      .orderBy("id")
      .execute();
  }
}
