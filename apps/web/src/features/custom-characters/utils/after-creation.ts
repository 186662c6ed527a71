import type { User } from "@reverie/shared";
import { paths } from "@/config/paths";

/** Where the user goes once their character exists (spec: "After custom character creation"). */
export type AfterCreation =
  /** a free-plan user sent here by a paywall: their character with the premium offer */
  | { kind: "paywall"; path: string }
  /** the list, then the character's page on top of it (Back returns to the list) */
  | { kind: "character"; listPath: string; characterPath: string }
  /** on onboarding: the flow goes on where it is */
  | { kind: "stay" };

/** The stored `callback` that sends a free-plan user's new character to the Premium offer. */
export const PAYWALL_CALLBACK = "paywall";

/** The /my_ai page opened by the paywall callback. */
export const PAYWALL_CHARACTER_PATH = `${paths.myAi}?callback=${PAYWALL_CALLBACK}`;

/**
 * The `callback` a visit to the constructor screen leaves (decision 34): "paywall" for a free-plan
 * user, so the character they build is shown with the Premium offer; nothing for anyone else.
 */
export function constructorCallback(plan: User["plan"] | undefined): typeof PAYWALL_CALLBACK | null {
  return plan === "free" ? PAYWALL_CALLBACK : null;
}

export function destinationAfterCreation(options: {
  plan: User["plan"] | undefined;
  /** the stored `callback` */
  callback: string | null;
  /** where the constructor is shown */
  pathname: string;
  modelId: number;
}): AfterCreation {
  if (options.plan === "free" && options.callback === PAYWALL_CALLBACK) {
    return { kind: "paywall", path: PAYWALL_CHARACTER_PATH };
  }
  const onOnboarding =
    options.pathname === paths.onboarding || options.pathname.startsWith(`${paths.onboarding}/`);
  if (onOnboarding) return { kind: "stay" };
  return { kind: "character", listPath: paths.myAis, characterPath: paths.myAisItem(options.modelId) };
}
