import { describe, expect, it } from "vitest";
import { defaultBackoffMs, MAX_RETRY_AFTER_DELAY_MS, retryDelayMs } from "./job-queue.ts";

describe("retryDelayMs", () => {
  it("is the backoff for an error that says nothing of when to try again", () => {
    expect(retryDelayMs(new Error("boom"), 2, defaultBackoffMs)).toBe(1000);
    expect(retryDelayMs("not an error", 1, defaultBackoffMs)).toBe(500);
  });

  it("waits as long as the server asked (Retry-After), never less than the backoff, at most the cap", () => {
    const asked = (ms: number) => Object.assign(new Error("HTTP 429"), { retryAfterMs: ms });
    expect(retryDelayMs(asked(45_000), 1, defaultBackoffMs)).toBe(45_000);
    expect(retryDelayMs(asked(0), 3, defaultBackoffMs)).toBe(2000);
    expect(retryDelayMs(asked(24 * 3_600_000), 1, defaultBackoffMs)).toBe(MAX_RETRY_AFTER_DELAY_MS);
  });
});
