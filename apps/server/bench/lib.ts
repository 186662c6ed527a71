import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "-");

/** Left-aligned first column, right-aligned numbers, two spaces between columns. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

/**
 * A database of the bench's own: a temp SQLite file, or a fresh schema in the Postgres server
 * `DATABASE_URL` points at. `env` is what `loadConfig` needs to use it; `remove` deletes it.
 */
export async function createBenchDatabase(): Promise<{
  env: Record<string, string>;
  dataDir: string;
  describe: string;
  remove(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reverie-bench-"));
  const url = process.env.DATABASE_URL;
  if (!url) {
    const file = path.join(dataDir, "bench.sqlite");
    return {
      env: { DATA_DIR: dataDir, SQLITE_PATH: file },
      dataDir,
      describe: `SQLite (${file})`,
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create schema ${schema}`);
  const where = new URL(url);
  return {
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
