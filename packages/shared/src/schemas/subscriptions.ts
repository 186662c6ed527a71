import { z } from "zod";

export const planSchema = z.object({
  id: z.string().describe("price id"),
  name: z.string(),
  interval: z.enum(["day", "month", "year"]),
  interval_count: z.number().int().positive(),
  price_cents: z.number().int().positive(),
  currency: z.string(),
  monthly_price_cents: z.number().int().positive(),
  discount_percent: z.number().int().min(0).max(100),
  highlighted: z.boolean(),
  token_grant: z
    .object({
      tokens: z.number().int().positive(),
      interval: z.enum(["day", "month"]),
      interval_count: z.number().int().positive(),
    })
    .describe("the tokens the plan brings and how often, each time they come: 100 every 1 month"),
});
export type Plan = z.infer<typeof planSchema>;

export const planFeaturesSchema = z.object({
  MonthlyTokens: z.number().int().positive(),
  UnlimitedMessages: z.boolean(),
  VoiceMessages: z.boolean(),
  CustomCharacters: z.number().int(),
  ImageGeneration: z.boolean(),
});

/**
 * Which plan list to show (decision 22): the regular one; `facebook` for visitors from Facebook ads
 * (the traffic flag, from remote configuration or `?traffic=facebook` kept for the session); and
 * `discount`, which the spec shows empty.
 */
export const PLAN_VARIANTS = ["default", "facebook", "discount"] as const;
export const plansQuerySchema = z.object({ variant: z.enum(PLAN_VARIANTS).default("default") });
export type PlanVariant = (typeof PLAN_VARIANTS)[number];

export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  features: planFeaturesSchema,
});

export const tokenPackageSchema = z.object({
  id: z.string().describe("price id"),
  tokens: z.number().int().positive(),
  price_cents: z.number().int().positive(),
  currency: z.string(),
});
export const tokenPackagesResponseSchema = z.object({ packages: z.array(tokenPackageSchema) });
