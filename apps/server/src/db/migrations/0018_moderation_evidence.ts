import type { Kysely } from "kysely";

/**
 * Why a refusal was made, for moderators: the words that decided it, as the user wrote them (at
 * most 500 characters, clipped by the repository). Null for events recorded before, and for
 * refusals with no span to show (an age check, a classifier that gives none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("moderation_events").addColumn("evidence", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("moderation_events").dropColumn("evidence").execute();
}
