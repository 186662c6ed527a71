import { describe, expect, it } from "vitest";
import { allowanceWorthCents, centsPerToken, formatPricePerToken, formatTokenSaving } from "./token-value";

// the price list's packages (services/billing/price-list.ts), as GET /api/subscriptions/packages answers them
const PACKAGES = [
  { tokens: 100, price_cents: 999, currency: "usd" },
  { tokens: 350, price_cents: 2999, currency: "usd" },
  { tokens: 550, price_cents: 4499, currency: "usd" },
  { tokens: 1150, price_cents: 8999, currency: "usd" },
  { tokens: 2400, price_cents: 17_999, currency: "usd" },
  { tokens: 3750, price_cents: 24_999, currency: "usd" },
];

describe("value per token", () => {
  it("is the package's price over its tokens", () => {
    expect(centsPerToken(PACKAGES[0] as (typeof PACKAGES)[0])).toBeCloseTo(9.99);
    expect(PACKAGES.map(formatPricePerToken)).toEqual([
      "10.0¢ per token",
      "8.6¢ per token",
      "8.2¢ per token",
      "7.8¢ per token",
      "7.5¢ per token",
      "6.7¢ per token",
    ]);
    expect(formatPricePerToken({ tokens: 100, price_cents: 999, currency: "eur" })).toBe("€0.100 per token");
  });

  it("says what a larger package saves per token against the smallest", () => {
    expect(PACKAGES.map((tokenPackage) => formatTokenSaving(tokenPackage, PACKAGES))).toEqual([
      null,
      "Save 14%",
      "Save 18%",
      "Save 22%",
      "Save 25%",
      "Save 33%",
    ]);
    expect(formatTokenSaving(PACKAGES[0] as (typeof PACKAGES)[0], [])).toBeNull();
  });

  it("prices Premium's monthly tokens at the smallest package's rate", () => {
    expect(allowanceWorthCents(100, PACKAGES)).toBe(999);
    expect(allowanceWorthCents(100, [])).toBeNull();
  });
});
