import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseConfig } from "../../src/config.ts";

export interface ScratchDatabase {
  /** what `createDatabase` needs to open it */
  config: DatabaseConfig;
  /** the same as environment variables, for `loadConfig` (with DATA_DIR) */
  env: Record<string, string>;
  /** a temp directory of its own (the SQLite file lives in it) */
  dataDir: string;
  describe: string;
  /** drops the Postgres schema and deletes the directory; close connections first */
  remove(): Promise<void>;
}

/**
 * A database nobody else uses, for a test file or a bench run: a temp SQLite file, or a fresh
 * schema in the Postgres server `postgresUrl` points at.
 */
export async function createScratchDatabase(options: {
  name: string;
  postgresUrl?: string | undefined;
}): Promise<ScratchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `reverie-${options.name}-`));
  const url = options.postgresUrl;
  if (!url) {
    const file = path.join(dataDir, `${options.name}.sqlite`);
    return {
      config: { kind: "sqlite", path: file },
      // empty means unset: a child process must not inherit CI's DATABASE_URL and use Postgres instead
      env: { DATA_DIR: dataDir, SQLITE_PATH: file, DATABASE_URL: "" },
      dataDir,
      describe: `SQLite (${file})`,
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `${options.name}_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create schema ${schema}`);
  const where = new URL(url);
  return {
    config: { kind: "postgres", url, schema },
    env: { DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema },
    dataDir,
    describe: `Postgres (${where.host}${where.pathname}, schema ${schema})`,
    async remove() {
      await adminQuery(url, `drop schema ${schema} cascade`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
