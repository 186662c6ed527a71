import { type Kysely, sql } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database } from "../db/schema.ts";

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

/**
 * The user's free messages and token balance. Tokens change only here, each change with a ledger
 * row, and only inside the caller's transaction; the updates refuse to go below zero.
 */
export class BalanceRepository {
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

  /** Takes tokens and records why: the balance then, or null (nothing changed) when it is too small. */
  async spend(userId: string, amount: number, reason: string, reference: string): Promise<number | null> {
    const row = await takeTokens.first(this.#db, { userId, amount });
    if (!row) return null;
    await addToLedger.affected(this.#db, {
      userId,
      delta: -amount,
      balanceAfter: row.tokens,
      reason,
      reference,
    });
    return row.tokens;
  }

  /** Gives tokens back or adds bought ones; a reference already in the ledger is not applied twice. */
  async credit(userId: string, amount: number, reason: string, reference: string): Promise<number | null> {
    const seen = await this.#db
      .selectFrom("token_ledger")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (seen) return null;
    const row = await this.#db
      .updateTable("users")
      .set({ tokens: sql`tokens + ${amount}` })
      .where("id", "=", userId)
      .returning("tokens")
      .executeTakeFirstOrThrow();
    await this.#db
      .insertInto("token_ledger")
      .values({ user_id: userId, delta: amount, balance_after: row.tokens, reason, reference })
      .execute();
    return row.tokens;
  }

  async restoreFreeMessage(userId: string): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({ free_msgs: sql`free_msgs + 1` })
      .where("id", "=", userId)
      .execute();
  }
}
