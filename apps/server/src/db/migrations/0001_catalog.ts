import { type Kysely, sql } from "kysely";
import { withCreatedAt, withIdColumn } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("characters")))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("age", "integer", (col) => col.notNull().check(sql`age >= 18`))
    .addColumn("gender", "text", (col) =>
      col.notNull().check(sql`gender in ('male', 'female', 'anime_male', 'anime_female')`),
    )
    .addColumn("tagline", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("personality", "text", (col) => col.notNull())
    .addColumn("hobbies", "text", (col) => col.notNull())
    .addColumn("relationship", "text", (col) => col.notNull())
    .addColumn("first_msg", "text", (col) => col.notNull())
    .addColumn("user_first_msg_help", "text", (col) => col.notNull())
    .addColumn("avatar_key", "text", (col) => col.notNull())
    .addColumn("cover_key", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("characters_gender_position")
    .on("characters")
    .columns(["gender", "position"])
    .execute();

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("bundles")))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('bundle', 'pack')`))
    .addColumn("character_id", "integer", (col) => col.references("characters.id").onDelete("cascade"))
    .addColumn("gender", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("price_tokens", "integer", (col) => col.notNull().check(sql`price_tokens > 0`))
    .addColumn("cover_key", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("bundles_character").on("bundles").column("character_id").execute();
  await db.schema.createIndex("bundles_gender").on("bundles").columns(["gender", "position"]).execute();

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("media")))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("character_id", "integer", (col) =>
      col.notNull().references("characters.id").onDelete("cascade"),
    )
    .addColumn("bundle_id", "integer", (col) => col.references("bundles.id").onDelete("set null"))
    .addColumn("kind", "text", (col) =>
      col.notNull().check(sql`kind in ('photo', 'video', 'chat_image', 'bundle_image', 'bundle_video')`),
    )
    .addColumn("file_key", "text", (col) => col.notNull())
    .addColumn("preview_key", "text", (col) => col.notNull())
    .addColumn("thumbnail_key", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("video_duration", "real")
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("media_character").on("media").columns(["character_id", "position"]).execute();
  await db.schema.createIndex("media_bundle").on("media").column("bundle_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media").execute();
  await db.schema.dropTable("bundles").execute();
  await db.schema.dropTable("characters").execute();
}
