import type { Kysely } from "kysely";

/**
 * `characters.canon`: the character's canon sheet (decision 44), JSON: where it grew up, its
 * family, job, favourites, a few stories and how it talks. Written by the seed for catalog
 * characters and derived from the definition when a character is built or imported; null for
 * rows from before, whose sheet is derived when a reply is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("characters").addColumn("canon", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("characters").dropColumn("canon").execute();
}
