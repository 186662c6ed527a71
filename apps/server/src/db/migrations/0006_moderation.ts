import type { Kysely } from "kysely";
import { withCreatedAt, withIdColumn } from "./helpers.ts";

/** Refused content, kept for admins (what was refused where, by whom, under which rule). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("moderation_events")))
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("surface", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("classifier", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("moderation_events_recent")
    .on("moderation_events")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("moderation_events").execute();
}
