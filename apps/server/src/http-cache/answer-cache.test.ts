import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache.ts";
import { buildCachedAnswer } from "./cached-answer.ts";

const MINUTE = 60_000;

function catalog() {
  let version = 0;
  return {
    currentVersion: () => version,
    changed: () => {
      version++;
    },
  };
}

describe("AnswerCache", () => {
  it("builds an answer once and serves it until the catalog changes", async () => {
    const { currentVersion, changed } = catalog();
    const cache = new AnswerCache({ currentVersion });
    let builds = 0;
    const build = (version: number) => {
      builds++;
      return buildCachedAnswer(`{"build":${builds}}`, version);
    };

    expect(cache.get("/models")).toBeUndefined();
    const first = await cache.getOrBuild("/models", MINUTE, build);
    expect(await cache.getOrBuild("/models", MINUTE, build)).toBe(first);
    expect(cache.get("/models")).toBe(first);
    expect(builds).toBe(1);

    changed();
    expect(cache.get("/models")).toBeUndefined();
    const second = await cache.getOrBuild("/models", MINUTE, build);
    expect(second.identity.toString()).toBe('{"build":2}');
    expect(second.version).toBe(1);
  });

  it("shares one build between concurrent misses of a key", async () => {
    const cache = new AnswerCache(catalog());
    let builds = 0;
    const build = async (version: number) => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return buildCachedAnswer("{}", version);
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.getOrBuild("/k", MINUTE, build)),
    );
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it("keeps no failed build: each waiting request gets the error, the next one builds again", async () => {
    const cache = new AnswerCache(catalog());
    const failing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error("not found");
    };
    const results = await Promise.allSettled([
      cache.getOrBuild("/k", MINUTE, failing),
      cache.getOrBuild("/k", MINUTE, failing),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(cache.size).toBe(0);
    const answer = await cache.getOrBuild("/k", MINUTE, (version) => buildCachedAnswer("{}", version));
    expect(answer.identity.toString()).toBe("{}");
  });

  it("does not keep an answer built from a catalog that changed while it was built", async () => {
    const { currentVersion, changed } = catalog();
    const cache = new AnswerCache({ currentVersion });
    const answer = await cache.getOrBuild("/k", MINUTE, async (version) => {
      changed();
      return buildCachedAnswer('{"stale":true}', version);
    });
    expect(answer.version).toBe(0);
    expect(cache.get("/k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets an answer when its time to live is over", async () => {
    const cache = new AnswerCache(catalog());
    await cache.getOrBuild("/k", 20, (version) => buildCachedAnswer("{}", version));
    expect(cache.get("/k")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get("/k")).toBeUndefined();
  });

  it("holds at most maxEntries answers, dropping the least recently used", async () => {
    const cache = new AnswerCache({ ...catalog(), maxEntries: 2 });
    const build = (version: number) => buildCachedAnswer("{}", version);
    await cache.getOrBuild("/a", MINUTE, build);
    await cache.getOrBuild("/b", MINUTE, build);
    cache.get("/a");
    await cache.getOrBuild("/c", MINUTE, build);
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("holds at most maxBytes, compressed copies included", async () => {
    const cache = new AnswerCache({ ...catalog(), maxBytes: 5_000 });
    const json = JSON.stringify({ text: "x".repeat(2_000) });
    for (const key of ["/a", "/b", "/c"]) {
      await cache.getOrBuild(key, MINUTE, (version) => buildCachedAnswer(json, version));
    }
    expect(cache.size).toBe(2);
  });
});
