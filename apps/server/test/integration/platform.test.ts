import { randomBytes } from "node:crypto";
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { healthReportSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDatabaseKind } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("health", () => {
  it("reports the database and the providers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const health = healthReportSchema.parse(response.json());
    expect(health.status).toBe("ok");
    expect(health.database).toMatchObject({ status: "ok", dialect: testDatabaseKind() });
    expect(health.providers.image?.status).toBe("ok");
    expect(health.providers.moderation).toMatchObject({
      status: "ok",
      detail: expect.stringContaining("rules"),
    });
  });
});

describe("health of what replies depend on (decision 39)", () => {
  it("writes, reads back and deletes a probe file for media storage, and says down when it cannot", async () => {
    const ok = healthReportSchema.parse((await t.app.inject({ method: "GET", url: "/api/health" })).json());
    expect(ok.providers.media_storage?.status).toBe("ok");
    expect(await readdir(path.join(t.workDir, "media", "health"))).toEqual([]);

    // the media directory is gone and a file stands in its place: nothing can be written
    const broken = await createTestApp();
    try {
      await rm(path.join(broken.workDir, "media"), { recursive: true, force: true });
      await writeFile(path.join(broken.workDir, "media"), "not a directory");
      const response = await broken.app.inject({ method: "GET", url: "/api/health" });
      const health = healthReportSchema.parse(response.json());
      expect(health.status).toBe("degraded");
      expect(health.providers.media_storage).toMatchObject({
        status: "down",
        detail: expect.stringContaining("cannot write"),
      });
    } finally {
      await broken.close();
    }
  });

  it.runIf(process.env.REDIS_URL)("reports BullMQ's Redis", async () => {
    const withRedis = await createTestApp({
      env: {
        REDIS_URL: process.env.REDIS_URL ?? "",
        JOB_QUEUE_PREFIX: `reverie-health-${randomBytes(6).toString("hex")}`,
        JOBS_IN_PROCESS: "false",
      },
    });
    try {
      const health = healthReportSchema.parse(
        (await withRedis.app.inject({ method: "GET", url: "/api/health" })).json(),
      );
      expect(health.providers.redis).toMatchObject({
        status: "ok",
        detail: expect.stringContaining("Redis"),
      });
    } finally {
      await withRedis.close();
    }
  });
});

describe("OpenAPI", () => {
  it("documents every public call from the shared schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/models",
      "/api/models/{id}",
      "/api/models/bundles",
      "/api/gallery/models",
      "/api/v2/gallery",
      "/api/v2/gallery/{id}",
      "/api/bundles",
      "/api/bundles/{id}/items",
      "/api/anonym/chats",
      "/api/subscriptions/plans",
      "/api/health",
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const modelResponse = document.paths["/api/models/{id}"].get.responses["200"];
    expect(JSON.stringify(modelResponse)).toContain("first_msg");
  });

  it("serves the docs UI", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(response.statusCode);
  });
});

describe("web app serving", () => {
  it("falls back to index.html for app routes a browser navigates to", async () => {
    for (const url of ["/", "/explore", "/chat/12", "/gallery/3?x=1", "/no/such/page"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<div id=root>");
      expect(response.headers["cache-control"]).toContain("no-cache");
    }
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-3f2a1b.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers unknown API paths, assets and media with a JSON 404, never the app", async () => {
    for (const url of ["/api/nothing-here", "/assets/missing.js", "/media/missing.webp"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: "not_found" });
    }
  });

  it("serves public media and never private files", async () => {
    await t.storage.put("public/test/pixel.txt", new TextEncoder().encode("hello"));
    await t.storage.put("private/test/secret.txt", new TextEncoder().encode("only-for-buyers"));
    const media = await t.app.inject({ method: "GET", url: "/media/test/pixel.txt" });
    expect(media.statusCode).toBe(200);
    expect(media.body).toBe("hello");
    for (const url of [
      "/media/../private/test/secret.txt",
      "/media/%2e%2e/private/test/secret.txt",
      "/private/test/secret.txt",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("only-for-buyers");
    }
  });

  it("sets security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});
