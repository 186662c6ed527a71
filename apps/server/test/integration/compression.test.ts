import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PRECOMPRESSED_ASSET, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
const script = PRECOMPRESSED_ASSET.text;

beforeAll(async () => {
  t = await createTestApp();
  await mkdir(t.storage.publicRoot, { recursive: true });
  await writeFile(path.join(t.storage.publicRoot, "picture.webp"), Buffer.alloc(4096, 7));
});
afterAll(async () => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("compression", () => {
  it("compresses JSON over 1 KB with brotli or gzip, as the client prefers", async () => {
    const plain = await get("/api/models?gender=female");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await get("/api/models?gender=female", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get("/api/models?gender=female", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("leaves small answers alone", async () => {
    const small = await get("/api/health", "br");
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("sends built assets precompressed, as the build wrote them", async () => {
    const brotli = await get(`/assets/${PRECOMPRESSED_ASSET.name}`, "br, gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    expect(brotli.headers["cache-control"]).toContain("immutable");

    const gzip = await get(`/assets/${PRECOMPRESSED_ASSET.name}`, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const plain = await get(`/assets/${PRECOMPRESSED_ASSET.name}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("never compresses pictures", async () => {
    const picture = await get("/media/picture.webp", "br, gzip");
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-encoding"]).toBeUndefined();
    expect(picture.rawPayload.length).toBe(4096);
  });

  it("does not decompress request bodies", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ email: "a@example.com", password: "secret1" })),
    });
    expect(response.statusCode).toBe(400);
  });
});
