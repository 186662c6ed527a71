import { type Kysely, type Migration, Migrator } from "kysely";
import * as catalog from "./migrations/0001_catalog.ts";
import type { Database } from "./schema.ts";

/** Every migration, in order. Listed explicitly so no file-system scan is needed at run time. */
const migrations: Record<string, Migration> = {
  "0001_catalog": catalog,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === "Success")
    .map((result) => result.migrationName);
}
