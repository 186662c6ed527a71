import { type Kysely, sql } from "kysely";

/**
 * A character's message records the user message it answers. A retried reply or picture job
 * finds its own earlier answer by this link; "any later character message" was wrong as soon as
 * two messages were answered at the same time. No foreign key: the user may delete their message
 * and the answer stays (and still marks the job as done).
 *
 * A user message has at most one answer: two runs of the same job (a lease ran out while the
 * first still worked) cannot both store one; the second insert does nothing and delivers the
 * first's answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("messages").addColumn("reply_to", "integer").execute();
  await db.schema
    .createIndex("messages_reply_to")
    .on("messages")
    .column("reply_to")
    .unique()
    .where(sql.ref("sender"), "=", "model")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("messages_reply_to").execute();
  await db.schema.alterTable("messages").dropColumn("reply_to").execute();
}
