import type { planFeaturesSchema } from "@reverie/shared";
import type { z } from "zod";
import { formatTokens, pluralize } from "@/lib/format";

export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** What Premium includes, in words, from the features the API answers with the plans. */
export function premiumBenefits(features: PlanFeatures): string[] {
  return [
    `${formatTokens(features.MonthlyTokens)} tokens every month`,
    features.UnlimitedMessages ? "Unlimited messages with every character" : null,
    features.VoiceMessages ? "Voice messages" : null,
    features.CustomCharacters > 0
      ? `${pluralize(features.CustomCharacters, "custom character")} a month`
      : null,
    features.ImageGeneration ? "Image generation" : null,
  ].filter((line): line is string => line !== null);
}
