import { type Kysely, sql } from "kysely";
import { withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * Custom characters, cards and generated pictures (decision 23). A user's own character is a row of
 * `characters` with an owner: everything that works for a catalog character (chats, replies,
 * pictures, voice) works for it, and every catalog read leaves owned rows out. A generated
 * picture is a `media` row of kind `chat_image` with an owner, shown to that owner only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("characters")
    .addColumn("owner_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .execute();
  // the builder's trait values, JSON (null for catalog characters)
  await db.schema.alterTable("characters").addColumn("traits", "text").execute();
  // an imported card's whole definition (every field, the lorebook, extensions), JSON
  await db.schema.alterTable("characters").addColumn("definition", "text").execute();
  await db.schema.alterTable("characters").addColumn("source", "text").execute();
  await db.schema.alterTable("characters").addColumn("portrait_status", "text").execute();
  await db.schema.alterTable("characters").addColumn("voice", "text").execute();
  // what creating it cost: 0 when a premium month's allowance paid for it
  await db.schema.alterTable("characters").addColumn("paid_tokens", "integer").execute();
  await db.schema.createIndex("characters_owner").on("characters").columns(["owner_id", "gender"]).execute();

  await db.schema
    .alterTable("media")
    .addColumn("owner_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("media").addColumn("prompt", "text").execute();
  await db.schema.alterTable("media").addColumn("style", "text").execute();
  await db.schema.createIndex("media_owner").on("media").columns(["owner_id", "character_id"]).execute();

  await withCreatedAt(
    db,
    withIdColumn(db, db.schema.createTable("image_requests"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("character_id", "integer", (col) =>
        col.notNull().references("characters.id").onDelete("cascade"),
      )
      .addColumn("prompt", "text", (col) => col.notNull())
      .addColumn("style", "text", (col) => col.notNull().check(sql`style in ('realistic', 'anime')`))
      .addColumn("count", "integer", (col) => col.notNull())
      .addColumn("price_tokens", "integer", (col) => col.notNull())
      .addColumn("status", "text", (col) =>
        col.notNull().defaultTo("pending").check(sql`status in ('pending', 'done', 'failed')`),
      ),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("image_requests").execute();
  await db.schema.dropIndex("media_owner").execute();
  for (const column of ["style", "prompt", "owner_id"])
    await db.schema.alterTable("media").dropColumn(column).execute();
  await db.schema.dropIndex("characters_owner").execute();
  for (const column of [
    "paid_tokens",
    "voice",
    "portrait_status",
    "source",
    "definition",
    "traits",
    "owner_id",
  ]) {
    await db.schema.alterTable("characters").dropColumn(column).execute();
  }
}
