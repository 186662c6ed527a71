import { ONBOARDING_SOURCES, ONBOARDING_VARIANTS, type OnboardingVariant } from "@reverie/shared";

export function isOnboardingVariant(value: string | null | undefined): value is OnboardingVariant {
  return typeof value === "string" && (ONBOARDING_VARIANTS as readonly string[]).includes(value);
}

/**
 * The variant to show: a known `?variant=` (for testing) wins; an unknown or missing one falls back
 * to the remote configuration's `onboarding_variant`; null while that is still unknown.
 */
export function chooseVariant(
  requested: string | null | undefined,
  configured: string | null | undefined,
): OnboardingVariant | null {
  if (isOnboardingVariant(requested)) return requested;
  if (isOnboardingVariant(configured)) return configured;
  return null;
}

/** The variant's analytics source label: its events and any paywall met inside it carry it. */
export function onboardingSource(variant: OnboardingVariant): string {
  return ONBOARDING_SOURCES[variant];
}
