import { PRICING } from "../pricing.ts";

const MONTHS_PER_INTERVAL = { day: 1 / 30, month: 1, year: 12 } as const;

export function listPlans() {
  const plans = PRICING.plans.map((plan) => {
    const months = MONTHS_PER_INTERVAL[plan.interval] * plan.interval_count;
    return {
      ...plan,
      currency: PRICING.currency,
      monthly_price_cents: Math.round(plan.price_cents / months),
    };
  });
  const baseline = Math.max(...plans.map((plan) => plan.monthly_price_cents));
  return {
    plans: plans.map((plan) => ({
      ...plan,
      discount_percent: Math.round((1 - plan.monthly_price_cents / baseline) * 100),
    })),
    features: { ...PRICING.premiumFeatures },
  };
}

/** The token packages on sale (spec sizes), with their price ids. */
export function listTokenPackages() {
  return {
    packages: PRICING.tokenPackages.map((tokenPackage) => ({
      id: `tokens_${tokenPackage.tokens}`,
      tokens: tokenPackage.tokens,
      price_cents: tokenPackage.price_cents,
      currency: PRICING.currency,
    })),
  };
}
