import type { Kysely } from "kysely";
import { withCreatedAt, withIdColumn } from "./helpers.ts";

/** Emails stored instead of sent when no SMTP server is configured (read at /dev/mailbox). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("email_outbox")))
    .addColumn("to_address", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("text_body", "text", (col) => col.notNull())
    .addColumn("html_body", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("email_outbox_to_created")
    .on("email_outbox")
    .columns(["to_address", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_outbox").execute();
}
