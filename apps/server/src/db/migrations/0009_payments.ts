import { type Kysely, sql } from "kysely";
import { isPostgres, withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * Payments (decision 22). An order is what a user started to buy (priced by our price list); a
 * payment event is one provider notification, stored once by its id (the exactly-once guard); a
 * subscription is a paid plan with its current period; a bundle purchase unlocks a bundle for its
 * buyer for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";
  const boolean = isPostgres(db) ? "boolean" : "integer";

  await withCreatedAt(
    db,
    db.schema
      .createTable("payment_orders")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('tokens', 'subscription')`))
      .addColumn("price_id", "text", (col) => col.notNull())
      .addColumn("description", "text", (col) => col.notNull())
      .addColumn("tokens", "integer")
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) =>
        col.notNull().defaultTo("pending").check(sql`status in ('pending', 'paid', 'failed', 'canceled')`),
      )
      .addColumn("provider_reference", "text")
      .addColumn("failure_reason", "text")
      /** a plan change: the subscription this order's one replaces once paid */
      .addColumn("replaces_subscription_id", "integer")
      .addColumn("return_path", "text")
      .addColumn("updated_at", timestamp, (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex("payment_orders_user")
    .on("payment_orders")
    .columns(["user_id", "created_at"])
    .execute();

  await withCreatedAt(
    db,
    withIdColumn(db, db.schema.createTable("payment_events"))
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("event_id", "text", (col) => col.notNull())
      .addColumn("type", "text", (col) => col.notNull())
      .addColumn("order_id", "text")
      .addColumn("provider_subscription_id", "text")
      /** the normalised event as applied, JSON */
      .addColumn("payload", "text", (col) => col.notNull())
      .addUniqueConstraint("payment_events_once", ["provider", "event_id"]),
  ).execute();

  await withCreatedAt(
    db,
    withIdColumn(db, db.schema.createTable("subscriptions"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("provider_subscription_id", "text", (col) => col.notNull())
      .addColumn("plan_id", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) =>
        col.notNull().check(sql`status in ('active', 'past_due', 'canceled', 'ended')`),
      )
      .addColumn("price_cents", "integer", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("current_period_start", timestamp, (col) => col.notNull())
      .addColumn("current_period_end", timestamp, (col) => col.notNull())
      .addColumn("cancel_at_period_end", boolean, (col) =>
        col.notNull().defaultTo(isPostgres(db) ? sql`false` : sql`0`),
      )
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .addUniqueConstraint("subscriptions_provider_id", ["provider", "provider_subscription_id"]),
  ).execute();
  await db.schema.createIndex("subscriptions_user").on("subscriptions").column("user_id").execute();

  await withCreatedAt(
    db,
    db.schema
      .createTable("bundle_purchases")
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("bundle_id", "integer", (col) => col.notNull().references("bundles.id").onDelete("cascade"))
      .addColumn("price_tokens", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("bundle_purchases_pk", ["user_id", "bundle_id"]),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bundle_purchases").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_orders").execute();
}
