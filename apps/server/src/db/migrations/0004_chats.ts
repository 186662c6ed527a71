import { type Kysely, sql } from "kysely";
import { isPostgres, withCreatedAt, withIdColumn } from "./helpers.ts";

/** Chats, their messages, and the token ledger every balance change goes through. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = isPostgres(db) ? "timestamptz" : "text";
  const boolean = isPostgres(db) ? "boolean" : "integer";

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("chats")))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("character_id", "integer", (col) =>
      col.notNull().references("characters.id").onDelete("cascade"),
    )
    .addColumn("last_message_at", timestamp, (col) => col.notNull())
    .addUniqueConstraint("chats_user_character", ["user_id", "character_id"])
    .execute();
  await db.schema
    .createIndex("chats_user_recent")
    .on("chats")
    .columns(["user_id", "last_message_at"])
    .execute();

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("messages")))
    .addColumn("chat_id", "integer", (col) => col.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("sender", "text", (col) => col.notNull().check(sql`sender in ('user', 'model')`))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("media_key", "text")
    .addColumn("video_duration", "real")
    .addColumn("locked", boolean, (col) => col.notNull().defaultTo(isPostgres(db) ? sql`false` : sql`0`))
    .addColumn("price_tokens", "integer")
    .execute();
  await db.schema.createIndex("messages_chat").on("messages").columns(["chat_id", "id"]).execute();

  // Append-only: a row per change of a user's token balance; users.tokens is the running total.
  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("token_ledger")))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("delta", "integer", (col) => col.notNull())
    .addColumn("balance_after", "integer", (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("reference", "text", (col) => col.unique())
    .execute();
  await db.schema.createIndex("token_ledger_user").on("token_ledger").columns(["user_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("token_ledger").execute();
  await db.schema.dropTable("messages").execute();
  await db.schema.dropTable("chats").execute();
}
