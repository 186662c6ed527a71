/**
 * Catalog read benchmark: the app listens on loopback in this process, on a fresh seeded database,
 * and a bounded number of concurrent clients call the public catalog routes.
 * Prints p50/p90/p99 latency and throughput per route. Part of `npm run bench`.
 */
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrator.ts";
import { seedCatalog } from "../src/db/seed/index.ts";
import { DiskMediaStorage } from "../src/media/storage.ts";
import { createScratchDatabase } from "../test/helpers/scratch-database.ts";
import { formatTable, ms, summarize } from "./lib.ts";

const CONCURRENCY = 20;
const REQUESTS_PER_ROUTE = 2_000;
const ROUTES = [
  "/api/models?gender=female",
  "/api/models/1",
  "/api/v2/gallery?gender=female&limit=30",
  "/api/anonym/chats?gender=male",
  "/api/health",
];

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
  return { route, ...summarize(latencies), rps: latencies.length / seconds };
}

export async function runCatalogBench(): Promise<void> {
  const benchDatabase = await createScratchDatabase({ name: "bench", postgresUrl: process.env.DATABASE_URL });
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...benchDatabase.env });
  const database = createDatabase(config.database);
  try {
    const storage = new DiskMediaStorage(config.mediaDir);
    await migrateToLatest(database);
    await seedCatalog(database.db, storage, { generateMedia: false });
    const app = await buildApp({ config, database, storage }, { logger: false });
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      console.log(
        `\n== catalog reads: ${REQUESTS_PER_ROUTE} requests per route, ${CONCURRENCY} concurrent clients, ` +
          `app in this process, ${benchDatabase.describe}\n`,
      );
      const rows: string[][] = [];
      for (const route of ROUTES) {
        await measure(address, route); // warm-up pass
        const result = await measure(address, route);
        rows.push([
          result.route,
          String(result.count),
          ms(result.p50),
          ms(result.p90),
          ms(result.p99),
          ms(result.max),
          String(Math.round(result.rps)),
        ]);
      }
      console.log(formatTable(["route", "count", "p50 ms", "p90 ms", "p99 ms", "max ms", "req/s"], rows));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await benchDatabase.remove();
  }
}

if (import.meta.main) await runCatalogBench();
