import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

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
    return this.#db
      .selectFrom("users")
      .select(["plan", "free_msgs", "tokens"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
  }

  /** Uses one free message; false when none is left. */
  async useFreeMessage(userId: string): Promise<boolean> {
    const row = await this.#db
      .updateTable("users")
      .set({ free_msgs: sql`free_msgs - 1` })
      .where("id", "=", userId)
      .where("free_msgs", ">", 0)
      .returning("free_msgs")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes tokens and records why; null (nothing changed) when the balance is too small. */
  async spend(userId: string, amount: number, reason: string, reference: string): Promise<number | null> {
    const row = await this.#db
      .updateTable("users")
      .set({ tokens: sql`tokens - ${amount}` })
      .where("id", "=", userId)
      .where("tokens", ">=", amount)
      .returning("tokens")
      .executeTakeFirst();
    if (!row) return null;
    await this.#db
      .insertInto("token_ledger")
      .values({ user_id: userId, delta: -amount, balance_after: row.tokens, reason, reference })
      .execute();
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
