import { type Kysely, sql } from "kysely";
import { isPostgres, withCreatedAt, withIdColumn } from "./helpers.ts";

/**
 * The admin console (decision 29): a role on every account, bans, and the audit log of
 * every operator action. The audit log is append-only: no code path updates or deletes it, and the
 * database refuses both (a trigger on either dialect). Its actor and target are plain ids, not
 * foreign keys, so deleting an account never rewrites history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? "timestamptz" : "text";
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("user"))
    .execute();
  await db.schema.alterTable("users").addColumn("banned_at", timestamp).execute();
  await db.schema.alterTable("users").addColumn("ban_reason", "text").execute();
  await db.schema.createIndex("users_role").on("users").column("role").execute();

  await withCreatedAt(db, withIdColumn(db, db.schema.createTable("audit_log")))
    /** null for the command line and the configuration (ADMIN_EMAILS) */
    .addColumn("actor_id", "text")
    /** the actor's email at the time, or "cli" / "ADMIN_EMAILS" */
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target_type", "text", (col) => col.notNull())
    .addColumn("target_id", "text")
    /** JSON of what changed, before and after */
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("reason", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "id"]).execute();
  await db.schema
    .createIndex("audit_log_target")
    .on("audit_log")
    .columns(["target_type", "target_id", "id"])
    .execute();

  if (pg) {
    await sql`
      create function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_change()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  if (isPostgres(db)) await sql`drop function if exists audit_log_refuse_change()`.execute(db);
  await db.schema.dropIndex("users_role").execute();
  await db.schema.alterTable("users").dropColumn("ban_reason").execute();
  await db.schema.alterTable("users").dropColumn("banned_at").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
