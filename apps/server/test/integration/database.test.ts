import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrator.ts";
import { seedCatalog } from "../../src/db/seed/index.ts";
import { DiskMediaStorage } from "../../src/media/storage.ts";
import { createTestDatabase, testDatabaseKind } from "../helpers/test-app.ts";

let database: DatabaseHandle;
let drop: () => Promise<void>;
let mediaDir: string;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  mediaDir = await mkdtemp(path.join(tmpdir(), "reverie-media-"));
});
afterAll(async () => {
  await drop();
  await rm(mediaDir, { recursive: true, force: true });
});

async function counts() {
  const count = async (table: "characters" | "bundles" | "media") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    characters: await count("characters"),
    bundles: await count("bundles"),
    media: await count("media"),
  };
}

describe.runIf(testDatabaseKind() === "postgres")("migrations beside other schemas (Postgres)", () => {
  it("migrate while other test files drop their schemas in the same database", async () => {
    // Kysely's table check reads every schema: a drop elsewhere during it must not fail a migration
    const others = Array.from({ length: 60 }, (_, index) => `dropped_${process.pid}_${index}`);
    for (const name of others) {
      await sql
        .raw(`create schema ${name}; create table ${name}.t (id serial primary key)`)
        .execute(database.db);
    }
    const dropping = (async () => {
      for (const name of others) {
        await sql.raw(`drop schema ${name} cascade`).execute(database.db);
      }
    })();
    const fresh = await Promise.all(Array.from({ length: 4 }, () => createTestDatabase()));
    try {
      const applied = await Promise.all(fresh.map((other) => migrateToLatest(other.database)));
      for (const names of applied) expect(names).toContain("0017_admin_catalog");
    } finally {
      await dropping;
      await Promise.all(fresh.map((other) => other.drop()));
    }
  }, 60_000);
});

describe("migrations and seed", () => {
  it("migrates once, then has nothing left to apply", async () => {
    expect(await migrateToLatest(database)).toEqual(
      expect.arrayContaining(["0001_catalog", "0003_accounts"]),
    );
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it("seeds the catalog idempotently", async () => {
    const storage = new DiskMediaStorage(mediaDir);
    const first = await seedCatalog(database.db, storage, { generateMedia: false });
    const after = await counts();
    expect(after).toEqual({ characters: first.characters, bundles: first.bundles, media: first.media });
    expect(after.characters).toBeGreaterThanOrEqual(24);
    await seedCatalog(database.db, storage, { generateMedia: false });
    expect(await counts()).toEqual(after);
  });

  it("refuses a character under 18 at the database level", async () => {
    await expect(
      database.db
        .insertInto("characters")
        .values({
          slug: "too-young",
          name: "Nobody",
          age: 17,
          gender: "female",
          tagline: "",
          description: "",
          personality: "",
          hobbies: "",
          relationship: "",
          first_msg: "",
          user_first_msg_help: "",
          avatar_key: "public/x.webp",
          cover_key: "public/x.webp",
          position: 0,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
