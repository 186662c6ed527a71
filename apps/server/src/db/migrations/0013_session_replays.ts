import { type Kysely, sql } from "kysely";
import { isPostgres, withIdColumn } from "./helpers.ts";

/**
 * Session replay (decision 26): each recorded session and the chunks of rrweb events its
 * browser uploaded, in order; and the user's choice not to be recorded. A replay's `user_id` is the
 * signed-in uploader (never a claim of the client); replays go with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? "timestamptz" : "text";
  const boolean = pg ? "boolean" : "integer";
  const falseValue = pg ? sql`false` : sql`0`;
  await db.schema
    .alterTable("users")
    .addColumn("replay_opt_out", boolean, (col) => col.notNull().defaultTo(falseValue))
    .execute();
  await db.schema
    .createTable("session_replays")
    /** the client's random id for the recording */
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("client_id", "text", (col) => col.notNull())
    .addColumn("session_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("started_at", timestamp, (col) => col.notNull())
    .addColumn("last_upload_at", timestamp, (col) => col.notNull())
    .addColumn("chunks", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("bytes", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("session_replays_last_upload")
    .on("session_replays")
    .column("last_upload_at")
    .execute();
  await db.schema.createIndex("session_replays_user").on("session_replays").column("user_id").execute();
  await db.schema.createIndex("session_replays_client").on("session_replays").column("client_id").execute();
  await withIdColumn(db, db.schema.createTable("session_replay_chunks"))
    .addColumn("replay_id", "text", (col) =>
      col.notNull().references("session_replays.id").onDelete("cascade"),
    )
    .addColumn("seq", "integer", (col) => col.notNull())
    /** the chunk's rrweb events, JSON */
    .addColumn("events", "text", (col) => col.notNull())
    .addColumn("received_at", timestamp, (col) => col.notNull())
    .addUniqueConstraint("session_replay_chunks_replay_seq", ["replay_id", "seq"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("session_replay_chunks").execute();
  await db.schema.dropTable("session_replays").execute();
  await db.schema.alterTable("users").dropColumn("replay_opt_out").execute();
}
