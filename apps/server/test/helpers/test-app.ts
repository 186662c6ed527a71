import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyServerOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadAuthSecret } from "../../src/auth/secret.ts";
import { loadConfig } from "../../src/config.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrator.ts";
import { seedCatalog } from "../../src/db/seed/index.ts";
import { PrivateMediaSigner } from "../../src/media/private-urls.ts";
import { DiskMediaStorage } from "../../src/media/storage.ts";
import type { ImageProvider } from "../../src/providers/image/types.ts";
import type { LlmProvider } from "../../src/providers/llm/types.ts";
import type { TtsProvider } from "../../src/providers/tts/types.ts";
import type { EventBus } from "../../src/realtime/bus.ts";
import { Presenter } from "../../src/services/presenters.ts";
import { createScratchDatabase } from "./scratch-database.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/**
 * A database of its own for one test file: a temp SQLite file, or a fresh Postgres schema
 * (dropped again by `drop`) in the server DATABASE_URL points at.
 */
export async function createTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const postgres = testDatabaseKind() === "postgres";
  if (postgres && !process.env.DATABASE_URL) throw new Error("TEST_DATABASE=postgres needs DATABASE_URL");
  const scratch = await createScratchDatabase({
    name: "test",
    postgresUrl: postgres ? process.env.DATABASE_URL : undefined,
  });
  const database = createDatabase(scratch.config);
  return {
    database,
    async drop() {
      await database.close();
      await scratch.remove();
    },
  };
}

/** A built asset of the web app stand-in that has precompressed copies beside it. */
export const PRECOMPRESSED_ASSET = {
  name: "main-a1b2c3.js",
  text: `console.log(${JSON.stringify("reverie ".repeat(400))});`,
};

/** A built web app stand-in, so static serving and the SPA fallback can be tested without a Vite build. */
async function writeWebFixture(dir: string): Promise<void> {
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<!doctype html><title>Reverie</title><div id=root></div>");
  await writeFile(path.join(dir, "assets", "index-3f2a1b.js"), "console.log('reverie')");
  // a larger asset with the .br and .gz files the web build writes beside it
  await writeFile(path.join(dir, "assets", PRECOMPRESSED_ASSET.name), PRECOMPRESSED_ASSET.text);
  await writeFile(
    path.join(dir, "assets", `${PRECOMPRESSED_ASSET.name}.br`),
    brotliCompressSync(PRECOMPRESSED_ASSET.text),
  );
  await writeFile(
    path.join(dir, "assets", `${PRECOMPRESSED_ASSET.name}.gz`),
    gzipSync(PRECOMPRESSED_ASSET.text),
  );
}

/** The whole app on a fresh, migrated and seeded database (rows only; media files are not rendered). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    bus?: EventBus;
    llm?: LlmProvider;
    /** the image provider; from the configuration (procedural) unless given */
    images?: ImageProvider;
    /** text to speech; from the configuration (espeak-ng) unless given */
    tts?: TtsProvider;
    /** another instance's database, shared instead of a fresh one (the owner drops it) */
    database?: DatabaseHandle;
    /** the app's logger; none unless given (tests that read the log pass a stream) */
    logger?: FastifyServerOptions["logger"];
  } = {},
) {
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await createTestDatabase();
  const workDir = await mkdtemp(path.join(tmpdir(), "reverie-app-"));
  const webDistDir = path.join(workDir, "web");
  await writeWebFixture(webDistDir);
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: workDir,
    WEB_DIST_DIR: webDistDir,
    ...options.env,
  });
  const storage = new DiskMediaStorage(config.mediaDir);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await migrateToLatest(database);
    await seedCatalog(database.db, storage, { generateMedia: false });
    app = await buildApp(
      {
        config,
        database,
        storage,
        ...(options.bus ? { bus: options.bus } : {}),
        ...(options.llm ? { llm: options.llm } : {}),
        ...(options.images ? { images: options.images } : {}),
        ...(options.tts ? { tts: options.tts } : {}),
      },
      { logger: options.logger ?? false },
    );
    await app.ready();
  } catch (error) {
    // leave no schema or files behind when setup fails
    await drop();
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    storage,
    /** presents rows as the app does (unlocked media signed with the app's own secret) */
    presenter: new Presenter(
      storage,
      new PrivateMediaSigner(loadAuthSecret(config.auth.secret, config.dataDir)),
    ),
    workDir,
    /** GET a JSON route; the body is left unparsed by schema so tests can check error shapes too. */
    async get(url: string) {
      const response = await app.inject({ method: "GET", url });
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      await app.close();
      await drop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A test app for the file or describe block it is called in: created before its tests, closed
 * after them all. The returned function gives the app once it has started.
 */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): () => TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (started === undefined) throw new Error("the test app starts in beforeAll");
    return started;
  };
}
