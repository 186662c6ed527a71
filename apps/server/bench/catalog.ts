/**
 * Catalog read benchmark: the server listens on loopback on a fresh seeded SQLite database
 * and a bounded number of concurrent clients call the public catalog routes.
 * Prints p50/p99 latency and throughput per route. Run with `npm run bench`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrator.ts";
import { seedCatalog } from "../src/db/seed/index.ts";
import { DiskMediaStorage } from "../src/media/storage.ts";

const CONCURRENCY = 20;
const REQUESTS_PER_ROUTE = 2_000;
const ROUTES = [
  "/api/models?gender=female",
  "/api/models/1",
  "/api/v2/gallery?gender=female&limit=30",
  "/api/anonym/chats?gender=male",
  "/api/health",
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(baseUrl: string, route: string) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_ROUTE) {
        next++;
        const t0 = performance.now();
        const response = await fetch(baseUrl + route);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    route,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
  };
}

const workDir = await mkdtemp(path.join(tmpdir(), "reverie-bench-"));
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: workDir });
const database = createDatabase({ kind: "sqlite", path: path.join(workDir, "bench.sqlite") });
const storage = new DiskMediaStorage(config.mediaDir);
await migrateToLatest(database);
await seedCatalog(database.db, storage, { generateMedia: false });
const app = await buildApp({ config, database, storage }, { logger: false });
const address = await app.listen({ host: "127.0.0.1", port: 0 });

console.log(
  `catalog reads: ${REQUESTS_PER_ROUTE} requests per route, ${CONCURRENCY} concurrent clients, SQLite`,
);
for (const route of ROUTES) {
  await measure(address, route); // warm-up pass
  const result = await measure(address, route);
  console.log(
    `${result.route.padEnd(42)} p50 ${result.p50.toFixed(2).padStart(6)} ms  p99 ${result.p99.toFixed(2).padStart(6)} ms  ${Math.round(result.rps)} req/s`,
  );
}
await app.close();
await database.close();
await rm(workDir, { recursive: true, force: true });
