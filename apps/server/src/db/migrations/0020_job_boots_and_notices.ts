import type { Kysely } from "kysely";

/**
 * `jobs.locked_by`: the boot (one start of one process, queue/boot.ts) whose worker runs the job,
 * so a restarted process takes back at once what its dead previous run held instead of waiting for
 * the lease (decision 39).
 *
 * `messages.notice`: a character's message that is the app's notice in the character's place (a
 * reply that finally failed: "not charged"), stored so it is still there after a reload; it is not
 * part of the conversation a reply is written from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("locked_by", "text").execute();
  await db.schema
    .alterTable("messages")
    .addColumn("notice", "boolean", (column) => column.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("notice").execute();
  await db.schema.alterTable("jobs").dropColumn("locked_by").execute();
}
