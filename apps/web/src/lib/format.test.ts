import { describe, expect, it } from "vitest";
import { formatDuration, formatPrice, formatTime, formatTokens, pluralize } from "./format";

describe("formatTime", () => {
  it("formats local time as zero-padded 24-hour HH:MM", () => {
    expect(formatTime(new Date(2025, 0, 2, 9, 5, 59).toISOString())).toBe("09:05");
    expect(formatTime(new Date(2025, 5, 30, 23, 59).toISOString())).toBe("23:59");
    expect(formatTime(new Date(2025, 5, 30, 0, 0).toISOString())).toBe("00:00");
  });

  it("uses 24-hour time in the afternoon", () => {
    expect(formatTime(new Date(2025, 2, 14, 13, 7).toISOString())).toBe("13:07");
  });

  it("returns an empty string for an invalid timestamp", () => {
    expect(formatTime("not a date")).toBe("");
    expect(formatTime("")).toBe("");
  });
});

describe("formatDuration", () => {
  it("formats seconds as mm:ss", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(5)).toBe("00:05");
    expect(formatDuration(65)).toBe("01:05");
    expect(formatDuration(599)).toBe("09:59");
    expect(formatDuration(3599)).toBe("59:59");
  });

  it("keeps counting minutes past an hour", () => {
    expect(formatDuration(3600)).toBe("60:00");
    expect(formatDuration(4000)).toBe("66:40");
  });

  it("rounds fractional seconds", () => {
    expect(formatDuration(12.4)).toBe("00:12");
    expect(formatDuration(12.6)).toBe("00:13");
    expect(formatDuration(59.6)).toBe("01:00");
  });

  it("treats missing, negative and non-finite input as zero", () => {
    expect(formatDuration(null)).toBe("00:00");
    expect(formatDuration(undefined)).toBe("00:00");
    expect(formatDuration(-3)).toBe("00:00");
    expect(formatDuration(Number.NaN)).toBe("00:00");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("00:00");
  });
});

describe("formatTokens and pluralize", () => {
  it("groups thousands", () => {
    expect(formatTokens(100)).toBe("100");
    expect(formatTokens(3750)).toBe("3,750");
  });

  it("pluralizes English nouns", () => {
    expect(pluralize(1, "photo")).toBe("1 photo");
    expect(pluralize(0, "video")).toBe("0 videos");
    expect(pluralize(12, "photo")).toBe("12 photos");
  });
});

describe("formatPrice", () => {
  it("formats cents in the currency", () => {
    expect(formatPrice(999, "usd")).toBe("$9.99");
    expect(formatPrice(24_999, "usd")).toBe("$249.99");
  });
});
