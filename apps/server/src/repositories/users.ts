import type { Gender } from "@reverie/shared";
import type { Kysely } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database, UserRow } from "../db/schema.ts";

/** Every signed-in request and socket reads this: compiled once (db/cached-query.ts). */
const sessionByToken = cachedQuery((db, where: { token: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.expires_at",
      "sessions.created_at",
      "users.banned_at",
    ])
    .where("sessions.token", "=", where.token),
);

export class UserRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.#db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async update(
    id: string,
    changes: Partial<{
      first_name: string | null;
      last_name: string | null;
      gender_choice: Gender | null;
      analytics_id: string;
      free_msgs: number;
      plan: "free" | "premium";
      payment_failed: boolean;
      replay_opt_out: boolean;
    }>,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.#db
      .updateTable("users")
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  }

  /** The session a token names, while its user exists (better-auth's sessions table). */
  findSession(
    token: string,
  ): Promise<
    | { id: string; user_id: string; expires_at: string; created_at: string; banned_at: string | null }
    | undefined
  > {
    return sessionByToken.first(this.#db, { token });
  }

  /** Ends every session of the account: its tokens stop working at once. How many ended. */
  async deleteSessions(userId: string): Promise<number> {
    const result = await this.#db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** When the account was banned, or null; undefined when there is no such account. */
  async bannedAt(id: string): Promise<string | null | undefined> {
    const row = await this.#db
      .selectFrom("users")
      .select("banned_at")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.banned_at;
  }

  /** What the admin guard needs, read fresh on every admin call (never from the token). */
  findAccess(id: string): Promise<{ email: string; role: "user" | "moderator" | "admin" } | undefined> {
    return this.#db.selectFrom("users").select(["email", "role"]).where("id", "=", id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
  }

  /** The account a password reset code belongs to (better-auth's `reset-password:<token>` row). */
  async passwordResetUserId(token: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom("verifications")
      .select("value")
      .where("identifier", "=", `reset-password:${token}`)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async markEmailVerified(id: string): Promise<void> {
    await this.#db.updateTable("users").set({ email_verified: true }).where("id", "=", id).execute();
  }

  /** The ad sub id last seen with the user (last touch) and when. */
  async saveAdvertisingSubId(id: string, subid: string, at: string): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({ advertising_subid: subid, advertising_subid_at: at })
      .where("id", "=", id)
      .execute();
  }

  /**
   * The email a sign-in link was issued for, while the link is unused and unexpired. Reads the
   * row better-auth's magic-link plugin stores (identifier `magic-link:<token>`, JSON value).
   */
  async signInLinkEmail(token: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom("verifications")
      .select(["value", "expires_at"])
      .where("identifier", "=", `magic-link:${token}`)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
    try {
      const value = JSON.parse(row.value) as { email?: unknown };
      return typeof value.email === "string" ? value.email.toLowerCase() : null;
    } catch {
      return null;
    }
  }
}
