import type { Kysely } from "kysely";
import { isPostgres, withIdColumn } from "./helpers.ts";

/**
 * First-party analytics (the spec's analytics, section 2): every event a browser sent, as sent. `user_id` is the signed-in
 * user who sent it (never a claim of the client), cleared when the account goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";
  await withIdColumn(db, db.schema.createTable("analytics_events"))
    .addColumn("client_id", "text", (col) => col.notNull())
    .addColumn("session_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("event", "text", (col) => col.notNull())
    /** the event's properties, JSON */
    .addColumn("props", "text", (col) => col.notNull())
    .addColumn("occurred_at", timestamp, (col) => col.notNull())
    .addColumn("received_at", timestamp, (col) => col.notNull())
    .execute();
  // the funnel: which clients sent a step's event since a time
  await db.schema
    .createIndex("analytics_events_funnel")
    .on("analytics_events")
    .columns(["event", "occurred_at", "client_id"])
    .execute();
  await db.schema.createIndex("analytics_events_client").on("analytics_events").column("client_id").execute();
  await db.schema.createIndex("analytics_events_user").on("analytics_events").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_events").execute();
}
