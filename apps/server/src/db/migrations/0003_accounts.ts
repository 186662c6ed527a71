import { type Kysely, sql } from "kysely";
import { isPostgres } from "./helpers.ts";

/**
 * Accounts: the tables better-auth works on (users, sessions, accounts, verifications; its field
 * names mapped to snake_case in auth/better-auth.ts) plus the product's own user fields, leads and
 * rate-limit counters. Text ids: better-auth generates them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? "timestamptz" : "text";
  const boolean = pg ? "boolean" : "integer";
  const falseValue = pg ? sql`false` : sql`0`;

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("email_verified", boolean, (col) => col.notNull().defaultTo(falseValue))
    .addColumn("image", "text")
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .addColumn("plan", "text", (col) =>
      col.notNull().defaultTo("free").check(sql`plan in ('free', 'premium')`),
    )
    .addColumn("tokens", "integer", (col) => col.notNull().defaultTo(0).check(sql`tokens >= 0`))
    .addColumn("free_msgs", "integer", (col) => col.notNull().defaultTo(0).check(sql`free_msgs >= 0`))
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("gender_choice", "text")
    .addColumn("payment_failed", boolean, (col) => col.notNull().defaultTo(falseValue))
    .addColumn("analytics_id", "text")
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("provider_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", timestamp)
    .addColumn("refresh_token_expires_at", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("accounts_user").on("accounts").column("user_id").execute();
  await db.schema
    .createIndex("accounts_provider_account")
    .on("accounts")
    .columns(["provider_id", "account_id"])
    .execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier").on("verifications").column("identifier").execute();

  await db.schema
    .createTable("leads")
    .addColumn("id", pg ? "serial" : "integer", (col) =>
      pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("subid", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  // Fixed-window counters shared by every instance (sign-in, sign-up, reset and link requests).
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "bigint", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limits", "leads", "verifications", "accounts", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
