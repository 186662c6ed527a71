import { type Kysely, sql } from "kysely";
import { isPostgres } from "./helpers.ts";

/**
 * A character message's synthesized voice: one row per message once voice was asked for. The row
 * is the lock that keeps a second request from starting a second synthesis, and goes with its
 * message (and so with its chat).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";
  await db.schema
    .createTable("message_voices")
    .addColumn("message_id", "integer", (col) =>
      col.primaryKey().references("messages.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('generating', 'ready', 'failed')`),
    )
    .addColumn("storage_key", "text")
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("message_voices").execute();
}
