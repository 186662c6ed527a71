import type { Kysely } from "kysely";
import type { Database, DataExportRow } from "../db/schema.ts";

/** The archives users asked for (POST /api/user/export). */
export class DataExportRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(id: string, userId: string): Promise<void> {
    await this.#db.insertInto("data_exports").values({ id, user_id: userId, status: "pending" }).execute();
  }

  find(id: string): Promise<DataExportRow | undefined> {
    return this.#db.selectFrom("data_exports").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The user's export still being built, if any. */
  pendingFor(userId: string): Promise<DataExportRow | undefined> {
    return this.#db
      .selectFrom("data_exports")
      .selectAll()
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .executeTakeFirst();
  }

  async markReady(id: string, fileKey: string, expiresAt: Date): Promise<void> {
    await this.#db
      .updateTable("data_exports")
      .set({ status: "ready", file_key: fileKey, expires_at: expiresAt.toISOString() })
      .where("id", "=", id)
      .execute();
  }

  async setStatus(id: string, status: "failed" | "expired"): Promise<void> {
    await this.#db.updateTable("data_exports").set({ status }).where("id", "=", id).execute();
  }

  /** The files of the user's exports, to remove with the account. */
  async fileKeysOf(userId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom("data_exports")
      .select("file_key")
      .where("user_id", "=", userId)
      .execute();
    return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
  }
}
