import type { PlanVariant } from "@reverie/shared";
import { planTokenGrant } from "./billing/monthly-tokens.ts";
import { PRICE_LIST } from "./billing/price-list.ts";

const MONTHS_PER_INTERVAL = { day: 1 / 30, month: 1, year: 12 } as const;

export function listPlans(variant: PlanVariant = "default") {
  const plans = PRICE_LIST.plans[variant].map((plan) => {
    const months = MONTHS_PER_INTERVAL[plan.interval] * plan.interval_count;
    return {
      ...plan,
      currency: PRICE_LIST.currency,
      monthly_price_cents: Math.round(plan.price_cents / months),
      token_grant: planTokenGrant(plan),
    };
  });
  // the saving is against paying month by month; a week's pass costs more per month and saves nothing
  const monthly = plans.find((plan) => plan.interval === "month" && plan.interval_count === 1);
  const baseline = monthly?.monthly_price_cents ?? Math.max(...plans.map((plan) => plan.monthly_price_cents));
  return {
    plans: plans.map((plan) => ({
      ...plan,
      discount_percent: Math.max(0, Math.round((1 - plan.monthly_price_cents / baseline) * 100)),
    })),
    features: { ...PRICE_LIST.premiumFeatures },
  };
}

/** The token packages on sale (spec sizes), with their price ids. */
export function listTokenPackages() {
  return {
    packages: PRICE_LIST.tokenPackages.map((tokenPackage) => ({
      id: tokenPackage.id,
      tokens: tokenPackage.tokens,
      price_cents: tokenPackage.price_cents,
      currency: PRICE_LIST.currency,
    })),
  };
}
