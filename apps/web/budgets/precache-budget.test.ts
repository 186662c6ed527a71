import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gzipBytes } from "./route-javascript.ts";

/** The most the service worker may fetch on a first visit: 300 KB, gzip (decision 0042). */
const PRECACHE_BUDGET_BYTES = 300_000;

const distDir = path.resolve(import.meta.dirname, "../dist");
const workerFile = path.join(distDir, "service-worker.js");

/** The precache manifest of the built worker: `{url:"…",revision:…}` entries, as Workbox writes them. */
function precachedUrls(worker: string): string[] {
  return [...worker.matchAll(/\{\s*"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?\s*:/g)].map(
    (match) => match[1] ?? "",
  );
}

describe("what the service worker precaches on a first visit", () => {
  if (!existsSync(workerFile)) {
    throw new Error("The web app is not built: run `npm run build` (npm test does it) before the budgets.");
  }
  const urls = precachedUrls(readFileSync(workerFile, "utf8"));
  const bytes = urls.reduce((total, url) => total + gzipBytes(path.join(distDir, url)), 0);

  it("holds the shell", () => {
    expect(urls).toContain("index.html");
    expect(urls.some((url) => url.startsWith("assets/index-") && url.endsWith(".js"))).toBe(true);
  });

  it("stays within 300 KB gzip", () => {
    const figure = `${urls.length} entries, ${(bytes / 1000).toFixed(1)} KB (${(bytes / 1024).toFixed(1)} KiB) gzip`;
    console.info(`service worker precache: ${figure}`);
    expect(bytes, `precache: ${figure}`).toBeLessThanOrEqual(PRECACHE_BUDGET_BYTES);
  });
});
