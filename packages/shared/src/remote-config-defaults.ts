import type { RemoteConfig } from "./schemas/remote-config.ts";

/**
 * What the app uses while the remote configuration is unknown or its fetch failed. Kept apart from
 * the schema (zod) so the web entry can import it without the contract's runtime.
 */
export const REMOTE_CONFIG_DEFAULTS: RemoteConfig = {
  onboarding_variant: "meet_character",
  plan_variant: "facebook",
  replay_enabled: false,
  replay_sample_rate: 0.2,
  analytics_enabled: true,
};
