import { describe, expect, it } from "vitest";
import { rangeOfDays } from "./use-stats-range";

describe("rangeOfDays", () => {
  it("ends today (UTC) and includes it", () => {
    const now = new Date("2026-03-10T23:30:00Z");
    expect(rangeOfDays(7, now)).toEqual({ from: "2026-03-04", to: "2026-03-10" });
    expect(rangeOfDays(30, now)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(rangeOfDays(90, now)).toEqual({ from: "2025-12-11", to: "2026-03-10" });
  });
});
