import { plansResponseSchema, TOKEN_PACKAGE_SIZES, tokenPackagesResponseSchema } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { listPlans, listTokenPackages } from "./subscriptions.ts";

describe("listPlans", () => {
  it("derives monthly prices and discounts against the dearest monthly price", () => {
    const { plans, features } = plansResponseSchema.parse(listPlans());
    const byId = new Map(plans.map((plan) => [plan.id, plan]));
    expect(byId.get("premium_1_month")).toMatchObject({ monthly_price_cents: 1299, discount_percent: 0 });
    expect(byId.get("premium_3_months")).toMatchObject({ monthly_price_cents: 999, discount_percent: 23 });
    expect(byId.get("premium_12_months")).toMatchObject({ monthly_price_cents: 599, discount_percent: 54 });
    expect(features.MonthlyTokens).toBeGreaterThan(0);
  });
});

describe("listTokenPackages", () => {
  it("sells the spec's package sizes, each with its own price id", () => {
    const { packages } = tokenPackagesResponseSchema.parse(listTokenPackages());
    expect(packages.map((tokenPackage) => tokenPackage.tokens)).toEqual([...TOKEN_PACKAGE_SIZES]);
    expect(new Set(packages.map((tokenPackage) => tokenPackage.id)).size).toBe(packages.length);
  });
});
