import type { OnboardingVariant } from "@reverie/shared";
import { useEffect, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { loadRemoteConfig, onRemoteConfig, remoteConfig } from "@/lib/remote-config";
import { chooseVariant, isOnboardingVariant } from "../utils/variant";

/**
 * The variant this visit shows: `?variant=` when it names one, else the remote configuration's
 * `onboarding_variant` (read once per tab; its safe default when the call fails). Null while the
 * configuration is still loading, so one variant never flashes before another.
 */
export function useOnboardingVariant(): OnboardingVariant | null {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("variant");
  const config = useSyncExternalStore(onRemoteConfig, remoteConfig);
  const needsConfig = !isOnboardingVariant(requested);

  useEffect(() => {
    if (needsConfig) void loadRemoteConfig();
  }, [needsConfig]);

  return chooseVariant(requested, config?.onboarding_variant);
}
