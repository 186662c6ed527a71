import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "../../src/plugins/web-app.ts";

/**
 * The installable app's files as the web build writes them (apps/web/build/pwa.ts): the service
 * worker and the web manifest at the root, beside index.html and the hashed assets. A browser
 * checks the worker for a new version on every navigation, which only works if it is never cached
 * for long, and a stale manifest would keep an old name or icon.
 */
const MANIFEST = JSON.stringify({
  name: "Reverie — AI companions",
  short_name: "Reverie",
  start_url: "/",
  display: "standalone",
  // long enough that the build writes a .br beside it, as it does for the real one with more fields
  description: "x".repeat(2048),
});

async function builtWebApp(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "reverie-web-installable-"));
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await mkdir(path.join(dir, "icons"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  await writeFile(path.join(dir, "service-worker.js"), "self.addEventListener('fetch', () => {});");
  await writeFile(path.join(dir, "manifest.webmanifest"), MANIFEST);
  await writeFile(path.join(dir, "manifest.webmanifest.br"), brotliCompressSync(MANIFEST));
  await writeFile(path.join(dir, "icons", "icon-192.png"), Buffer.from("89504e470d0a1a0a", "hex"));
  await writeFile(path.join(dir, "assets", "index-a1.js"), "export {};");
  return dir;
}

describe("the installable app's files", () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await builtWebApp();
    app = Fastify();
    await registerWebApp(app, { webDistDir: dir, mediaPublicDir: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves /service-worker.js as JavaScript that is always revalidated, scoped to / by its place", async () => {
    const response = await app.inject({ method: "GET", url: "/service-worker.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    // at the root, its scope is / without the server widening it
    expect(response.headers["service-worker-allowed"]).toBeUndefined();
    expect(response.body).toContain("addEventListener");
  });

  it("answers a browser revalidating the service worker with 304 when it has not changed", async () => {
    const first = await app.inject({ method: "GET", url: "/service-worker.js" });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      method: "GET",
      url: "/service-worker.js",
      headers: { "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("serves the web manifest as application/manifest+json, always revalidated, compressed or not", async () => {
    for (const encoding of ["identity", "br"]) {
      const response = await app.inject({
        method: "GET",
        url: "/manifest.webmanifest",
        headers: { "accept-encoding": encoding },
      });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers["content-type"], encoding).toBe("application/manifest+json");
      expect(response.headers["cache-control"], encoding).toBe("no-cache");
      if (encoding === "br") expect(response.headers["content-encoding"]).toBe("br");
      else expect(JSON.parse(response.body).short_name).toBe("Reverie");
    }
  });

  it("serves the icons as PNG and keeps hashed assets immutable", async () => {
    const icon = await app.inject({ method: "GET", url: "/icons/icon-192.png" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["cache-control"]).not.toContain("immutable");

    const asset = await app.inject({ method: "GET", url: "/assets/index-a1.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("never answers a missing service worker with the app's page", async () => {
    await rm(path.join(dir, "service-worker.js"));
    const missing = await app.inject({
      method: "GET",
      url: "/service-worker.js",
      headers: { accept: "*/*" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toContain("application/json");
  });
});
