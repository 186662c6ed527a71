import {
  IMAGE_GENERATION_PRICE_TOKENS,
  MESSAGE_PRICE_TOKENS,
  type PlanVariant,
  type TOKEN_PACKAGE_SIZES,
  VOICE_MESSAGE_PRICE_TOKENS,
} from "@reverie/shared";

/**
 * Every price and allowance of the product, in one place (decision 22). Money is in integer cents of
 * `currency`; everything else in tokens. A gallery bundle's price is catalog data, set per bundle
 * (`bundles.price_tokens`, the admin console edits it); everything else is here. Prices are ours to
 * choose (the spec shows none).
 */
export const PRICE_LIST = {
  currency: "usd",
  /** free messages a new account starts with */
  freeMessages: 10,
  /** what things cost in tokens; premium text messages and voice are included in the plan */
  costs: {
    message: MESSAGE_PRICE_TOKENS,
    /** a character's message read aloud for a free-plan user (decision 35) */
    voiceMessage: VOICE_MESSAGE_PRICE_TOKENS,
    unlockPrivateImage: 20,
    unlockPrivateVideo: 40,
    customCharacter: 30,
    /** per picture made on /generate_image */
    imageGeneration: IMAGE_GENERATION_PRICE_TOKENS,
  },
  /** what premium includes; MonthlyTokens are granted at the start of every paid month */
  premiumFeatures: {
    MonthlyTokens: 100,
    UnlimitedMessages: true,
    VoiceMessages: true,
    /** custom characters a premium user may create each month without paying tokens */
    CustomCharacters: 3,
    ImageGeneration: true,
  },
  plans: {
    default: [
      {
        id: "premium_1_month",
        name: "1 month",
        interval: "month",
        interval_count: 1,
        price_cents: 1299,
        highlighted: false,
      },
      {
        id: "premium_3_months",
        name: "3 months",
        interval: "month",
        interval_count: 3,
        price_cents: 2997,
        highlighted: false,
      },
      {
        id: "premium_1_year",
        name: "1 year",
        interval: "year",
        interval_count: 1,
        price_cents: 7188,
        highlighted: true,
      },
      {
        id: "premium_7_days",
        name: "7 days",
        interval: "day",
        interval_count: 7,
        price_cents: 499,
        highlighted: false,
      },
    ],
    /** visitors from Facebook ads: a shorter list at an introductory price */
    facebook: [
      {
        id: "fb_premium_1_month",
        name: "1 month",
        interval: "month",
        interval_count: 1,
        price_cents: 999,
        highlighted: false,
      },
      {
        id: "fb_premium_3_months",
        name: "3 months",
        interval: "month",
        interval_count: 3,
        price_cents: 2397,
        highlighted: true,
      },
    ],
    /** the spec shows the discount list empty */
    discount: [],
  },
  tokenPackages: [
    { id: "tokens_100", tokens: 100, price_cents: 999 },
    { id: "tokens_350", tokens: 350, price_cents: 2999 },
    { id: "tokens_550", tokens: 550, price_cents: 4499 },
    { id: "tokens_1150", tokens: 1150, price_cents: 8999 },
    { id: "tokens_2400", tokens: 2400, price_cents: 17_999 },
    { id: "tokens_3750", tokens: 3750, price_cents: 24_999 },
  ],
} as const satisfies {
  plans: Record<PlanVariant, ReadonlyArray<PriceListPlan>>;
  tokenPackages: ReadonlyArray<{
    id: string;
    tokens: (typeof TOKEN_PACKAGE_SIZES)[number];
    price_cents: number;
  }>;
  [key: string]: unknown;
};

export interface PriceListPlan {
  id: string;
  name: string;
  interval: "day" | "month" | "year";
  interval_count: number;
  price_cents: number;
  highlighted: boolean;
}

export type PriceListItem =
  | { kind: "tokens"; id: string; tokens: number; price_cents: number; description: string }
  | { kind: "subscription"; id: string; plan: PriceListPlan; price_cents: number; description: string };

/** A price id as the browser names it: a token package or a plan of any list; undefined if unknown. */
export function findPrice(priceId: string): PriceListItem | undefined {
  const tokenPackage = PRICE_LIST.tokenPackages.find((candidate) => candidate.id === priceId);
  if (tokenPackage) {
    return {
      kind: "tokens",
      id: tokenPackage.id,
      tokens: tokenPackage.tokens,
      price_cents: tokenPackage.price_cents,
      description: `${tokenPackage.tokens} tokens`,
    };
  }
  const plans: ReadonlyArray<PriceListPlan> = Object.values(PRICE_LIST.plans).flat();
  const plan = plans.find((candidate) => candidate.id === priceId);
  if (plan) {
    return {
      kind: "subscription",
      id: plan.id,
      plan,
      price_cents: plan.price_cents,
      description: `Reverie Premium, ${plan.name}`,
    };
  }
  return undefined;
}

/** When a period that starts at `from` ends. */
export function periodEnd(plan: Pick<PriceListPlan, "interval" | "interval_count">, from: Date): Date {
  const end = new Date(from);
  if (plan.interval === "day") end.setUTCDate(end.getUTCDate() + plan.interval_count);
  else if (plan.interval === "month") end.setUTCMonth(end.getUTCMonth() + plan.interval_count);
  else end.setUTCFullYear(end.getUTCFullYear() + plan.interval_count);
  return end;
}
