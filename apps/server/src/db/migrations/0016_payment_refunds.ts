import type { Kysely } from "kysely";
import { withCreatedAt } from "./helpers.ts";

/**
 * Refunds an operator gave from the admin console (decision 32). One row per order, keyed by it: the
 * guard that refunds an order exactly once, and what marks it refunded (the order's own status
 * keeps how it was paid). What went back to the provider is recorded too, so an operator sees when
 * a refund is still to be made by hand at the provider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(
    db,
    db.schema
      .createTable("payment_refunds")
      .addColumn("order_id", "text", (col) =>
        col.primaryKey().references("payment_orders.id").onDelete("cascade"),
      )
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      /** what the order credited, and what was taken back (less when the user had spent some) */
      .addColumn("tokens_granted", "integer", (col) => col.notNull())
      .addColumn("tokens_taken_back", "integer", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text", (col) => col.notNull())
      /** refunded (through the provider's API), manual (to be refunded at the provider), failed */
      .addColumn("provider_status", "text", (col) => col.notNull())
      .addColumn("provider_detail", "text"),
  ).execute();
  await db.schema.createIndex("payment_refunds_created").on("payment_refunds").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_refunds").execute();
}
