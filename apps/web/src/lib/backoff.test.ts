import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

const options = { baseMs: 1_000, maxMs: 30_000 };

describe("backoffDelay", () => {
  it("doubles the wait per attempt up to the cap", () => {
    const longest = (attempt: number) => backoffDelay(attempt, { ...options, random: () => 0 });
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(longest)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("shortens each wait by a random share of up to half, never below half", () => {
    expect(backoffDelay(0, { ...options, random: () => 0.999_999 })).toBe(500);
    expect(backoffDelay(3, { ...options, random: () => 0.5 })).toBe(6_000);
    expect(backoffDelay(9, { ...options, random: () => 0.999_999 })).toBe(15_000);
  });

  it("spreads clients that failed at the same moment", () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(2, options)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(2_000);
      expect(wait).toBeLessThanOrEqual(4_000);
    }
  });

  it("treats a negative attempt as the first", () => {
    expect(backoffDelay(-1, { ...options, random: () => 0 })).toBe(1_000);
  });
});
