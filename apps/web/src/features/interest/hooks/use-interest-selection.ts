import { useStorageValue } from "@/lib/storage";
import { useUiStore } from "@/stores/ui-store";

/**
 * Whether to offer the interest selection on an eligible screen: no stored choice, not closed this
 * session, and the cookie banner already answered, so the two overlays never stack.
 */
export function useInterestSelectionVisible(eligible: boolean): boolean {
  const choice = useStorageValue("genderChoice");
  const cookiesAnswered = useStorageValue("cookieDismissed") !== null;
  const dismissed = useUiStore((state) => state.interestDismissed);
  return eligible && cookiesAnswered && choice === null && !dismissed;
}
