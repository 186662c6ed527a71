import type { Role } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Roles and bans on accounts (decision 0029). */
export class UserAccessRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  find(
    id: string,
  ): Promise<
    { id: string; email: string; role: Role; banned_at: string | null; ban_reason: string | null } | undefined
  > {
    return this.#db
      .selectFrom("users")
      .select(["id", "email", "role", "banned_at", "ban_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async findByEmails(
    emails: readonly string[],
  ): Promise<{ id: string; email: string; role: Role; emailVerified: boolean }[]> {
    if (emails.length === 0) return [];
    const rows = await this.#db
      .selectFrom("users")
      .select(["id", "email", "role", "email_verified"])
      .where("email", "in", [...emails])
      .execute();
    return rows.map(({ email_verified, ...row }) => ({ ...row, emailVerified: Boolean(email_verified) }));
  }

  async setRole(id: string, role: Role): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({ role, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  }

  async setBan(id: string, ban: { at: string; reason: string } | null): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({
        banned_at: ban?.at ?? null,
        ban_reason: ban?.reason ?? null,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
  }
}
