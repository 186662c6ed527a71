import { type Kysely, sql } from "kysely";
import { isPostgres, withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * The console's Characters and Moderation screens (decision 30): a catalog character can
 * be hidden (kept, with its chats, but out of the public catalog), and users report messages. One
 * report per message and reporter; the reported text is copied, so the queue still shows it after
 * a moderator hid the message or the user deleted it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? "timestamptz" : "text";
  await db.schema.alterTable("characters").addColumn("hidden_at", timestamp).execute();

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("message_reports")))
    .addColumn("message_id", "integer", (col) => col.references("messages.id").onDelete("set null"))
    .addColumn("chat_id", "integer", (col) => col.notNull())
    .addColumn("reporter_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("note", "text")
    /** the reported message's text when it was reported */
    .addColumn("message_text", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'dismissed', 'message_hidden', 'user_banned')`),
    )
    .addColumn("resolved_by", "text")
    .addColumn("resolved_at", timestamp)
    .addColumn("resolution_note", "text")
    .execute();
  await db.schema
    .createIndex("message_reports_once")
    .on("message_reports")
    .columns(["message_id", "reporter_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("message_reports_status")
    .on("message_reports")
    .columns(["status", "id"])
    .execute();
  await db.schema
    .createIndex("moderation_events_user")
    .on("moderation_events")
    .columns(["user_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("moderation_events_user").execute();
  await db.schema.dropTable("message_reports").execute();
  await db.schema.alterTable("characters").dropColumn("hidden_at").execute();
}
