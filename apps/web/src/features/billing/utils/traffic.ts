import type { PlanVariant } from "@reverie/shared";
import { sessionValues } from "./session-values";

const TRAFFIC_KEY = "reverie:traffic";

/**
 * The plan list for a traffic source: visitors from Facebook ads see the list remote configuration
 * names for them (`plan_variant`: its own list, unless the operator turned it off), others the regular one.
 */
export function variantForTraffic(
  traffic: string | null,
  facebookVariant: PlanVariant = "facebook",
): PlanVariant {
  return traffic === "facebook" ? facebookVariant : "default";
}

/**
 * The plan list for this browser session: `?traffic=facebook` in the address is kept for the rest
 * of the session, so the plans stay the same after navigating on.
 */
export function sessionPlanVariant(search: string, facebookVariant: PlanVariant = "facebook"): PlanVariant {
  const traffic = new URLSearchParams(search).get("traffic");
  if (traffic) sessionValues.set(TRAFFIC_KEY, traffic);
  return variantForTraffic(traffic ?? sessionValues.get(TRAFFIC_KEY), facebookVariant);
}
