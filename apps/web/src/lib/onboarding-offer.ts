/**
 * "New sign-ups are offered the onboarding once" (decision 28): remembered per account in this
 * browser's localStorage (`reverie:onboarding-offered:<user id>`), so no server change is needed.
 * Sign-in (features/auth) asks before sending a new account to /onboarding; the onboarding screen
 * (features/onboarding) marks it as soon as it is shown, whatever the user then does (finish or skip).
 */
export const ONBOARDING_OFFERED_KEY_PREFIX = "reverie:onboarding-offered:";

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

function localStore(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function onboardingOfferedKey(userId: string): string {
  return `${ONBOARDING_OFFERED_KEY_PREFIX}${userId}`;
}

/** Whether this account was already shown the onboarding here (unknown storage counts as yes: never nag). */
export function wasOnboardingOffered(userId: string, store: KeyValueStore | null = localStore()): boolean {
  if (!store) return true;
  try {
    return store.getItem(onboardingOfferedKey(userId)) !== null;
  } catch {
    return true;
  }
}

/** Remembers that this account has been offered the onboarding (the time, for support). */
export function markOnboardingOffered(
  userId: string,
  store: KeyValueStore | null = localStore(),
  now: Date = new Date(),
): void {
  try {
    store?.setItem(onboardingOfferedKey(userId), now.toISOString());
  } catch {
    // storage full or disabled: at worst it is offered once more
  }
}
