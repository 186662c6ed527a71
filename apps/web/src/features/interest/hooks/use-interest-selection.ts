import { useStorageValue } from "@/lib/storage";
import { useUiStore } from "@/stores/ui-store";

/**
 * Whether to offer the interest selection on an eligible screen: no stored choice, not closed this
 * session. It does not wait for the cookie banner: the banner is no dialog, it sits at the bottom
 * beside it (components/ui/modal.tsx keeps the dialog clear of it).
 */
export function useInterestSelectionVisible(eligible: boolean): boolean {
  const choice = useStorageValue("genderChoice");
  const dismissed = useUiStore((state) => state.interestDismissed);
  return eligible && choice === null && !dismissed;
}
