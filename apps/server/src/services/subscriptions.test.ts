import { plansResponseSchema, TOKEN_PACKAGE_SIZES, tokenPackagesResponseSchema } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { listPlans, listTokenPackages } from "./subscriptions.ts";

describe("listPlans", () => {
  it("derives monthly prices and the saving against paying month by month", () => {
    const { plans, features } = plansResponseSchema.parse(listPlans());
    const byId = new Map(plans.map((plan) => [plan.id, plan]));
    expect(byId.get("premium_1_month")).toMatchObject({ monthly_price_cents: 1299, discount_percent: 0 });
    expect(byId.get("premium_3_months")).toMatchObject({ monthly_price_cents: 999, discount_percent: 23 });
    expect(byId.get("premium_1_year")).toMatchObject({ monthly_price_cents: 599, discount_percent: 54 });
    expect(byId.get("premium_7_days")).toMatchObject({ monthly_price_cents: 2139, discount_percent: 0 });
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

describe("listPlans variants", () => {
  it("lists 1 and 3 months for Facebook traffic, and nothing for the discount list", () => {
    expect(listPlans("facebook").plans.map((plan) => plan.id)).toEqual([
      "fb_premium_1_month",
      "fb_premium_3_months",
    ]);
    expect(listPlans("discount").plans).toEqual([]);
  });
});
