import type { Kysely } from "kysely";
import { withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * What a user had a character forget (decision 45): a fact's subject, or everything (`subject`
 * null), as of the chat's newest message then (`up_to_message_id`). The chat keeps its messages
 * for the user to read; replies are written without the forgotten parts of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(
    db,
    withIdColumn(db, db.schema.createTable("memory_forgettings"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("character_id", "integer", (col) =>
        col.notNull().references("characters.id").onDelete("cascade"),
      )
      .addColumn("subject", "text")
      .addColumn("up_to_message_id", "integer", (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex("memory_forgettings_user_character")
    .on("memory_forgettings")
    .columns(["user_id", "character_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("memory_forgettings").execute();
}
