import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { PrivateMediaSigner } from "../../src/media/private-urls.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const AUTH_SECRET = "a-test-secret-that-is-long-enough-to-sign-with";
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function setup() {
  const t = await createTestApp({ env: { AUTH_SECRET } });
  apps.push(t);
  const video = randomBytes(300_000);
  await t.storage.put("private/chats/1/clip.webm", video);
  const url = new PrivateMediaSigner(AUTH_SECRET).url("private/chats/1/clip.webm");
  const get = (target: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: target, headers });
  return { t, video, url, get };
}

describe("private media behind signed links", () => {
  it("streams the file with its type, a private cache lifetime and a validator", async () => {
    const { video, url, get } = await setup();
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("video/webm");
    expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers.etag).toBeTruthy();
    expect(response.rawPayload.equals(video)).toBe(true);
  });

  it("answers a revalidation with 304 and no body", async () => {
    const { url, get } = await setup();
    const etag = String((await get(url)).headers.etag);
    const revalidated = await get(url, { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
  });

  it("serves byte ranges, including an open-ended one, and 416 past the end", async () => {
    const { video, url, get } = await setup();
    const middle = await get(url, { range: "bytes=1000-1999" });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 1000-1999/${video.length}`);
    expect(middle.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await get(url, { range: "bytes=-500" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 500))).toBe(true);
    expect((await get(url, { range: `bytes=${video.length}-` })).statusCode).toBe(416);
  });

  it("refuses bad signatures (403) and answers 404 as JSON for a signed link to a missing file", async () => {
    const { url, get } = await setup();
    expect((await get(url.replace(/signature=[\w-]+/, "signature=forged"))).statusCode).toBe(403);
    expect((await get(url.split("?")[0] ?? "")).statusCode).toBe(403);
    const missing = new PrivateMediaSigner(AUTH_SECRET).url("private/chats/1/gone.webm");
    const response = await get(missing);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: "not_found" });
  });
});
