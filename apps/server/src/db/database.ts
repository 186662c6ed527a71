import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

// Read Postgres values in the same shapes SQLite gives: ISO strings for
// timestamps, numbers for bigint counts and numerics.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => new Date(`${value}Z`).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A short description for logs and health, without credentials. */
  describe: string;
  close(): Promise<void>;
}

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(config.url);
    return {
      db,
      dialect: "postgres",
      describe: `postgres ${url.host}${url.pathname}${config.schema ? ` (schema ${config.schema})` : ""}`,
      close: () => db.destroy(),
    };
  }
  if (config.path !== ":memory:") mkdirSync(path.dirname(config.path), { recursive: true });
  const db = new Kysely<Database>({ dialect: createSqliteDialect(config.path) });
  return { db, dialect: "sqlite", describe: `sqlite ${config.path}`, close: () => db.destroy() };
}

/** Round-trips a trivial query; used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
