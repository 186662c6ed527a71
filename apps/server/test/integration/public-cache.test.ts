import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { modelListSchema, modelSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PUBLIC = "public, max-age=60, stale-while-revalidate=600";

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

async function renameCharacter(id: number, name: string): Promise<void> {
  await t.database.db.updateTable("characters").set({ name }).where("id", "=", id).execute();
}

async function firstFemaleCharacter() {
  const response = await get("/api/models?gender=female");
  return modelListSchema.parse(response.json()).items[0] as { id: number; name: string };
}

describe("public catalog answers", () => {
  it.each([
    "/api/models?gender=female",
    "/api/models",
    "/api/models/bundles?gender=female",
    "/api/models/1",
    "/api/gallery/models?gender=female",
    "/api/v2/gallery?gender=female&limit=30",
    "/api/v2/gallery/1",
    "/api/bundles?gender=female",
    "/api/anonym/chats?gender=male",
    "/api/subscriptions/plans",
    "/api/subscriptions/packages",
  ])("%s may be kept by any cache, with a weak ETag", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC);
    expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    // the security headers every answer carries
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers 304 without a body to a client that has the current answer, and 200 to one that has not", async () => {
    const first = await get("/api/models?gender=female");
    const etag = first.headers.etag as string;

    const revalidated = await get("/api/models?gender=female", { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["cache-control"]).toBe(PUBLIC);

    const listed = await get("/api/models?gender=female", { "if-none-match": `W/"old", ${etag}` });
    expect(listed.statusCode).toBe(304);

    const outdated = await get("/api/models?gender=female", { "if-none-match": 'W/"old"' });
    expect(outdated.statusCode).toBe(200);
    expect(outdated.body).toBe(first.body);
  });

  it("sends the kept brotli or gzip copy, as the client prefers, under one ETag", async () => {
    const plain = await get("/api/v2/gallery?gender=female&limit=30");
    const brotli = await get("/api/v2/gallery?gender=female&limit=30", { "accept-encoding": "gzip, br" });
    const gzip = await get("/api/v2/gallery?gender=female&limit=30", { "accept-encoding": "gzip" });

    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const response of [plain, brotli, gzip]) {
      // the gallery shows a buyer's bundles unlocked: a signed-in request gets its own answer
      expect(response.headers.vary).toBe("authorization, accept-encoding");
      expect(response.headers.etag).toBe(plain.headers.etag);
    }
    expect(Number(brotli.headers["content-length"])).toBe(brotli.rawPayload.length);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await t.app.inject({ method: "HEAD", url: "/api/models?gender=female" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC);
    expect(response.rawPayload.length).toBe(0);
  });

  it("serves the kept answer until the catalog changes, then the new one", async () => {
    const character = await firstFemaleCharacter();
    const before = await get(`/api/models/${character.id}`);
    await renameCharacter(character.id, "Renamed Before Invalidation");

    // still the kept answer: the database is not read again
    const kept = await get(`/api/models/${character.id}`);
    expect(kept.body).toBe(before.body);
    expect(kept.headers.etag).toBe(before.headers.etag);

    t.app.catalog.catalogChanged();
    const fresh = await get(`/api/models/${character.id}`);
    expect(modelSchema.parse(fresh.json()).name).toBe("Renamed Before Invalidation");
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    const list = modelListSchema.parse((await get("/api/models?gender=female")).json());
    expect(list.items.find((model) => model.id === character.id)?.name).toBe("Renamed Before Invalidation");

    // a client holding the old answer gets the new one
    const revalidated = await get(`/api/models/${character.id}`, {
      "if-none-match": before.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(200);

    await renameCharacter(character.id, character.name);
    t.app.catalog.catalogChanged();
  });

  it("keys on the query the route reads, in any order, ignoring parameters it does not read", async () => {
    const first = await get("/api/v2/gallery?gender=female&limit=30");
    const character = await firstFemaleCharacter();
    // a change the cache is not told about shows which requests are answered from it
    await renameCharacter(character.id, "Unannounced Rename");
    try {
      for (const url of [
        "/api/v2/gallery?limit=30&gender=female",
        "/api/v2/gallery?gender=female&limit=30&utm_source=newsletter",
      ]) {
        const response = await get(url);
        expect(response.body, url).toBe(first.body);
      }
      const otherPage = await get("/api/v2/gallery?gender=female&limit=30&page=2");
      expect(otherPage.headers.etag).not.toBe(first.headers.etag);
      t.app.catalog.catalogChanged();
      expect((await get("/api/v2/gallery?limit=30&gender=female")).body).toContain("Unannounced Rename");
    } finally {
      await renameCharacter(character.id, character.name);
      t.app.catalog.catalogChanged();
    }
  });

  it("keeps no error: a 404 or 400 is no-store and a later valid request is answered", async () => {
    const missing = await get("/api/models/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    expect(missing.headers.etag).toBeUndefined();

    const invalid = await get("/api/models?gender=robot");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers["cache-control"]).toBe("no-store");
    expect((await get("/api/models?gender=robot")).statusCode).toBe(400);

    const valid = await get("/api/v2/gallery?gender=female&limit=101");
    expect(valid.statusCode).toBe(400);
    expect((await get("/api/v2/gallery?gender=female&limit=100")).statusCode).toBe(200);
  });
});

describe("answers that depend on who asks", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(t, { prefix: "cache-private", firstName: null })).token;
  });

  it.each(["/api/user", "/api/chats"])("%s is kept by no cache, signed in or not", async (url) => {
    const signedIn = await get(url, { authorization: `Bearer ${token}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    expect(signedIn.headers.etag).toBeUndefined();

    const signedOut = await get(url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers["cache-control"]).toBe("no-store");
  });

  it("a public answer is the same, and as public, for a signed-in caller", async () => {
    const signedOut = await get("/api/models?gender=female");
    const signedIn = await get("/api/models?gender=female", { authorization: `Bearer ${token}` });
    expect(signedIn.body).toBe(signedOut.body);
    expect(signedIn.headers["cache-control"]).toBe(PUBLIC);
  });
});
