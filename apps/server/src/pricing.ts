import type { TOKEN_PACKAGE_SIZES } from "@reverie/shared";

/**
 * Every price of the product in one table. Plans are billed up front; monthly_price_cents is what
 * the plan costs per month, shown to compare plans. Token packages follow the spec's sizes.
 */
export const PRICING = {
  currency: "usd",
  /**
   * What things cost in tokens. Free accounts spend their free messages first; premium text
   * messages are included in the plan, and so are voice messages (premium only, not sold for tokens).
   */
  costs: { message: 1, unlockPrivateImage: 20, unlockPrivateVideo: 40 },
  premiumFeatures: {
    MonthlyTokens: 100,
    UnlimitedMessages: true,
    VoiceMessages: true,
    CustomCharacters: 10,
    ImageGeneration: true,
  },
  plans: [
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
      id: "premium_12_months",
      name: "12 months",
      interval: "year",
      interval_count: 1,
      price_cents: 7188,
      highlighted: true,
    },
  ],
  tokenPackages: [
    { tokens: 100, price_cents: 999 },
    { tokens: 350, price_cents: 2999 },
    { tokens: 550, price_cents: 4499 },
    { tokens: 1150, price_cents: 8999 },
    { tokens: 2400, price_cents: 17_999 },
    { tokens: 3750, price_cents: 24_999 },
  ],
} as const satisfies {
  plans: ReadonlyArray<{
    id: string;
    name: string;
    interval: "day" | "month" | "year";
    [key: string]: unknown;
  }>;
  tokenPackages: ReadonlyArray<{ tokens: (typeof TOKEN_PACKAGE_SIZES)[number]; price_cents: number }>;
  [key: string]: unknown;
};
