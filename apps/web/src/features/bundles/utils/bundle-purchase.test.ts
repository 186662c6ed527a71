import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { balanceAfterPurchase, isBundleUnlocked, isInsufficientBalance } from "./bundle-purchase";

describe("balanceAfterPurchase", () => {
  it("is the balance less the price when it covers it", () => {
    expect(balanceAfterPurchase(1200, 500)).toEqual({ enough: true, after: 700 });
    expect(balanceAfterPurchase(500, 500)).toEqual({ enough: true, after: 0 });
  });

  it("says how many tokens are missing when it doesn't", () => {
    expect(balanceAfterPurchase(120, 500)).toEqual({ enough: false, shortBy: 380 });
    expect(balanceAfterPurchase(0, 50)).toEqual({ enough: false, shortBy: 50 });
  });
});

describe("isInsufficientBalance", () => {
  it("recognises the 402 insufficient_balance answer", () => {
    expect(isInsufficientBalance(new ApiError(402, "insufficient_balance", "Not enough tokens."))).toBe(true);
  });

  it("leaves other failures to be shown as they are", () => {
    expect(isInsufficientBalance(new ApiError(404, "not_found", "No such bundle."))).toBe(false);
    expect(isInsufficientBalance(new ApiError(0, "network_error", "Can't reach the server."))).toBe(false);
    expect(isInsufficientBalance(new Error("boom"))).toBe(false);
  });
});

describe("isBundleUnlocked", () => {
  it("is true only when there are items and none is locked", () => {
    expect(isBundleUnlocked([{ locked: false }, { locked: false }])).toBe(true);
    expect(isBundleUnlocked([{ locked: false }, { locked: true }])).toBe(false);
    expect(isBundleUnlocked([])).toBe(false);
    expect(isBundleUnlocked(undefined)).toBe(false);
  });
});
