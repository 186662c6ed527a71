import { useStorageValue } from "@/lib/storage";
import { useUiStore } from "@/stores/ui-store";

/** Whether to offer the interest selection on an eligible screen: no stored choice, not closed this session. */
export function useInterestSelectionVisible(eligible: boolean): boolean {
  const choice = useStorageValue("genderChoice");
  const dismissed = useUiStore((state) => state.interestDismissed);
  return eligible && choice === null && !dismissed;
}
