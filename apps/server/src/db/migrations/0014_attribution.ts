import { type Kysely, sql } from "kysely";
import { isPostgres, withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * Ad attribution (decision 27): at most one lead per user and when it first paid; the
 * advertising sub id last seen with the signed-in user (last touch); and each postback to the ad
 * tracker with its delivery state. A postback keeps no email or user: when the account goes, the
 * lead goes and the postback stays with the sub id and the payout, for settling with the network.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";

  await db.schema.alterTable("users").addColumn("advertising_subid", "text").execute();
  await db.schema.alterTable("users").addColumn("advertising_subid_at", timestamp).execute();

  await db.schema.alterTable("leads").addColumn("converted_at", "text").execute();
  await db.schema.createIndex("leads_user").on("leads").column("user_id").unique().execute();

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("ad_postbacks")))
    .addColumn("lead_id", "integer", (col) => col.references("leads.id").onDelete("set null"))
    .addColumn("event", "text", (col) => col.notNull().check(sql`event in ('lead', 'purchase')`))
    /** what the tracker deduplicates on (`{event_id}`); the same on every retry */
    .addColumn("event_id", "text", (col) => col.notNull().unique())
    .addColumn("subid", "text", (col) => col.notNull())
    .addColumn("payout_cents", "integer", (col) => col.notNull())
    .addColumn("currency", "text")
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    /** the last failure's reason (a status code or a network error), never the URL */
    .addColumn("last_error", "text")
    .addColumn("delivered_at", timestamp)
    .execute();
  await db.schema
    .createIndex("ad_postbacks_lead_event")
    .on("ad_postbacks")
    .columns(["lead_id", "event"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ad_postbacks").execute();
  await db.schema.dropIndex("leads_user").execute();
  await db.schema.alterTable("leads").dropColumn("converted_at").execute();
  await db.schema.alterTable("users").dropColumn("advertising_subid_at").execute();
  await db.schema.alterTable("users").dropColumn("advertising_subid").execute();
}
