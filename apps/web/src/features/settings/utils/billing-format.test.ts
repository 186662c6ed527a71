import { describe, expect, it } from "vitest";
import { formatDay, formatShortDay, orderStatusLabel, providerLabel } from "./billing-format";

describe("billing dates", () => {
  it("writes a calendar day in words, long and short", () => {
    expect(formatDay("2026-03-14T12:00:00.000Z")).toBe("March 14, 2026");
    expect(formatShortDay("2026-03-14T12:00:00.000Z")).toBe("Mar 14, 2026");
  });

  it("writes nothing for what is not a date", () => {
    expect(formatDay("soon")).toBe("");
    expect(formatShortDay("")).toBe("");
  });
});

describe("billing labels", () => {
  it("names order statuses and providers for people", () => {
    expect(orderStatusLabel("paid")).toBe("Paid");
    expect(orderStatusLabel("failed")).toBe("Failed");
    expect(providerLabel("stripe")).toBe("Stripe");
    expect(providerLabel("test")).toBe("Test checkout");
  });
});
