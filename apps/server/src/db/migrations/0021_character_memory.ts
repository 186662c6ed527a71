import { type Kysely, sql } from "kysely";
import { isPostgres, withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * What a character remembers of one user (decision 45): one memory per user and character, shared
 * by every chat of the pair and by both engines. `kind` says what a fact is about (`self` is what
 * the character said of itself), `subject` is what the user would call it ("Biscuit", "the exam"),
 * `date` is YYYY-MM-DD when the fact has one. The rows go with the user and with the character.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";
  await withCreatedAt(
    db,
    withIdColumn(db, db.schema.createTable("memories"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("character_id", "integer", (col) =>
        col.notNull().references("characters.id").onDelete("cascade"),
      )
      .addColumn("kind", "text", (col) =>
        col
          .notNull()
          .check(
            sql`kind in ('name', 'job', 'place', 'pet', 'person', 'like', 'date', 'worry', 'event', 'self')`,
          ),
      )
      .addColumn("subject", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("text", "text", (col) => col.notNull())
      .addColumn("date", "text"),
  )
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("memories_user_character")
    .on("memories")
    .columns(["user_id", "character_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("memories").execute();
}
