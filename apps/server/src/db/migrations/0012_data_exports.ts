import type { Kysely } from "kysely";
import { isPostgres, withCreatedAt } from "./helpers.ts";

/**
 * The user's data (decision 25): each archive a user asked for, built by a `data_export` job and
 * stored under private/exports/ until it expires. Rows go with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";
  await withCreatedAt(
    db,
    db.schema
      .createTable("data_exports")
      /** random, unguessable: it names the file too */
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("file_key", "text")
      .addColumn("expires_at", timestamp),
  ).execute();
  await db.schema.createIndex("data_exports_user").on("data_exports").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_exports").execute();
}
