import type { Kysely } from "kysely";
import { withCreatedAt, withIdColumn } from "./helpers.ts";

/** The durable job queue (the default when there is no Redis): replies, images, voice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("jobs")))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (col) => col.notNull())
    // epoch milliseconds
    .addColumn("run_at", "bigint", (col) => col.notNull())
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .execute();
  await db.schema.createIndex("jobs_ready").on("jobs").columns(["status", "run_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
