import { type Kysely, sql } from "kysely";

/**
 * A private photo's caption asked to "unlock it when you're ready", and stayed so once the photo
 * was unlocked. Captions no longer speak of unlocking (decision 37); messages stored with the old
 * one say the new one.
 */
export const OLD_PRIVATE_PHOTO_CAPTION = "This one is just for you… unlock it when you're ready 😉";
export const NEW_PRIVATE_PHOTO_CAPTION = "This one is just for you… take a good long look 😉";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update messages set text = ${NEW_PRIVATE_PHOTO_CAPTION} where text = ${OLD_PRIVATE_PHOTO_CAPTION}`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update messages set text = ${OLD_PRIVATE_PHOTO_CAPTION} where text = ${NEW_PRIVATE_PHOTO_CAPTION}`.execute(
    db,
  );
}
