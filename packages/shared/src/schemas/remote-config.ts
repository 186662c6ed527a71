import { z } from "zod";
import { ONBOARDING_VARIANTS } from "../constants.ts";
import { PLAN_VARIANTS } from "./subscriptions.ts";

/** GET /api/config: feature flags and variants the web app reads once at start. */
export const remoteConfigSchema = z.object({
  onboarding_variant: z.enum(ONBOARDING_VARIANTS),
  /** the plan list shown to visitors who came from Facebook ads */
  plan_variant: z.enum(PLAN_VARIANTS),
  replay_enabled: z.boolean(),
  /** the share of sessions whose replay is recorded, 0…1 */
  replay_sample_rate: z.number().min(0).max(1),
  analytics_enabled: z.boolean(),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;
