import type { Kysely } from "kysely";

/**
 * A character's message records the user message it answers. A retried reply or picture job
 * finds its own earlier answer by this link; "any later character message" was wrong as soon as
 * two messages were answered at the same time. No foreign key: the user may delete their message
 * and the answer stays (and still marks the job as done).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("messages").addColumn("reply_to", "integer").execute();
  await db.schema.createIndex("messages_reply_to").on("messages").column("reply_to").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("messages_reply_to").execute();
  await db.schema.alterTable("messages").dropColumn("reply_to").execute();
}
