import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildCachedAnswer } from "./cached-answer.ts";

const large = JSON.stringify({
  items: Array.from({ length: 40 }, (_, id) => ({ id, name: `Character ${id}` })),
});

describe("buildCachedAnswer", () => {
  it("keeps the JSON and its brotli and gzip copies, which decode to the same bytes", async () => {
    const answer = await buildCachedAnswer(large, 3);
    expect(answer.identity.toString()).toBe(large);
    expect(answer.version).toBe(3);
    expect(brotliDecompressSync(answer.br as Buffer).toString()).toBe(large);
    expect(gunzipSync(answer.gzip as Buffer).toString()).toBe(large);
    expect((answer.br as Buffer).length).toBeLessThan(large.length / 3);
  });

  it("does not compress an answer under 1 KB", async () => {
    const answer = await buildCachedAnswer('{"items":[]}', 0);
    expect(answer.br).toBeUndefined();
    expect(answer.gzip).toBeUndefined();
  });

  it("gives the same JSON the same weak ETag, and other JSON another", async () => {
    const [a, b, c] = await Promise.all([
      buildCachedAnswer(large, 0),
      buildCachedAnswer(large, 1),
      buildCachedAnswer(large.replace("Character 7", "Character 8"), 0),
    ]);
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });
});
