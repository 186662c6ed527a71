import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../upstream-http.ts";
import { MAX_RETRY_AFTER_WAIT_MS, retryWait } from "./openai-compatible.ts";
import { LlmError } from "./types.ts";

const NOW = Date.parse("2026-11-27T23:00:00Z");

describe("retryAfterMs", () => {
  it("reads delay-seconds on a 429 or 503", () => {
    expect(retryAfterMs(429, "2", NOW)).toBe(2000);
    expect(retryAfterMs(503, " 0 ", NOW)).toBe(0);
    expect(retryAfterMs(429, ["7", "9"], NOW)).toBe(7000);
  });

  it("reads an HTTP-date, in each of its three forms, as the time until then", () => {
    expect(retryAfterMs(429, "Fri, 27 Nov 2026 23:00:05 GMT", NOW)).toBe(5000);
    expect(retryAfterMs(503, "Friday, 27-Nov-26 23:01:00 GMT", NOW)).toBe(60_000);
    expect(retryAfterMs(429, "Fri Nov 27 23:00:30 2026", NOW)).toBe(30_000);
  });

  it("takes a date already past as no wait", () => {
    expect(retryAfterMs(429, "Fri, 27 Nov 2026 22:59:00 GMT", NOW)).toBe(0);
  });

  it("ignores other statuses, a missing header and values that are neither form", () => {
    expect(retryAfterMs(500, "2", NOW)).toBeUndefined();
    expect(retryAfterMs(200, "2", NOW)).toBeUndefined();
    expect(retryAfterMs(429, undefined, NOW)).toBeUndefined();
    expect(retryAfterMs(429, "", NOW)).toBeUndefined();
    expect(retryAfterMs(429, "-1", NOW)).toBeUndefined();
    expect(retryAfterMs(429, "1.5", NOW)).toBeUndefined();
    expect(retryAfterMs(429, "soon", NOW)).toBeUndefined();
  });
});

describe("retryWait", () => {
  const limited = (ms: number | undefined) =>
    new LlmError("HTTP 429", { retryable: true, ...(ms === undefined ? {} : { retryAfterMs: ms }) });

  it("waits what the server asked when it fits the cap and the attempt's deadline", () => {
    expect(retryWait(limited(2000), 0, undefined, NOW)).toBe(2000);
    expect(retryWait(limited(2000), 0, NOW + 60_000, NOW)).toBe(2000);
  });

  it("leaves longer asks, and asks without a Retry-After, to the job queue", () => {
    expect(retryWait(limited(MAX_RETRY_AFTER_WAIT_MS + 1), 0, undefined, NOW)).toBeUndefined();
    expect(retryWait(limited(10_000), MAX_RETRY_AFTER_WAIT_MS - 5000, undefined, NOW)).toBeUndefined();
    expect(retryWait(limited(undefined), 0, undefined, NOW)).toBeUndefined();
  });

  it("does not wait past what the attempt needs left for the reply", () => {
    expect(retryWait(limited(10_000), 0, NOW + 20_000, NOW)).toBeUndefined();
  });

  it("does not wait on failures that are not retryable or not the model server's", () => {
    expect(
      retryWait(new LlmError("HTTP 401", { retryable: false, retryAfterMs: 1000 }), 0, undefined, NOW),
    ).toBeUndefined();
    expect(retryWait(new Error("boom"), 0, undefined, NOW)).toBeUndefined();
  });
});
