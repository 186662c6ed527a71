import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "./config.ts";
import { createDatabase, type DatabaseHandle } from "./db/database.ts";
import { migrateToLatest } from "./db/migrator.ts";
import { seedCatalog } from "./db/seed/index.ts";
import { DiskMediaStorage, type MediaStorage } from "./media/storage.ts";

type Log = Pick<FastifyBaseLogger, "info">;

/** Opens the database, brings its schema up to date and, when configured, seeds the catalog. */
export async function prepareData(
  config: AppConfig,
  log: Log,
): Promise<{ database: DatabaseHandle; storage: MediaStorage }> {
  const database = createDatabase(config.database);
  const storage = new DiskMediaStorage(config.mediaDir);
  const applied = await migrateToLatest(database);
  log.info(
    { database: database.describe, applied },
    applied.length ? "migrations applied" : "database is up to date",
  );
  if (config.seed.onStart) {
    const started = Date.now();
    const result = await seedCatalog(database.db, storage, {
      generateMedia: config.seed.media,
      log: (message) => log.info(message),
    });
    log.info({ ...result, ms: Date.now() - started }, "catalog seeded");
  }
  return { database, storage };
}
