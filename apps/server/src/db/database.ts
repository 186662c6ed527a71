import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

// Our queries read Postgres values in the shapes SQLite gives: ISO strings for timestamps and
// numbers for bigint counts and numerics. Per pool, not global: better-auth reads Date objects.
const isoTimestamp = (value: string) => new Date(value).toISOString();
const appTypeParsers: Partial<Record<number, (value: string) => unknown>> = {
  [pg.types.builtins.TIMESTAMPTZ]: isoTimestamp,
  [pg.types.builtins.TIMESTAMP]: (value) => isoTimestamp(`${value}Z`),
  [pg.types.builtins.INT8]: Number,
  [pg.types.builtins.NUMERIC]: Number,
};
const appTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    appTypeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** The same database for better-auth, which reads timestamps as Date objects on Postgres. */
  authDb: Kysely<Database>;
  dialect: Dialect;
  /** Postgres schema the tables live in (undefined on SQLite). */
  schema: string | undefined;
  /** A short description for logs and health, without credentials. */
  describe: string;
  close(): Promise<void>;
}

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === "postgres") {
    const connection = {
      connectionString: config.url,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    };
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 10, types: appTypes }) }),
    });
    const authDb = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 5 }) }),
    });
    const url = new URL(config.url);
    return {
      db,
      authDb,
      dialect: "postgres",
      schema: config.schema ?? "public",
      describe: `postgres ${url.host}${url.pathname}${config.schema ? ` (schema ${config.schema})` : ""}`,
      close: async () => {
        await Promise.all([db.destroy(), authDb.destroy()]);
      },
    };
  }
  if (config.path !== ":memory:") mkdirSync(path.dirname(config.path), { recursive: true });
  const db = new Kysely<Database>({ dialect: createSqliteDialect(config.path) });
  // better-auth converts SQLite's text timestamps itself, so it shares the one connection
  return {
    db,
    authDb: db,
    dialect: "sqlite",
    schema: undefined,
    describe: `sqlite ${config.path}`,
    close: () => db.destroy(),
  };
}

/** Round-trips a trivial query; used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
