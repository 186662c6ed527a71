import { useCallback } from "react";
import { ANALYTICS_EVENTS, startSendingAnalytics, track } from "@/lib/analytics";
import { startSessionReplay } from "@/lib/session-replay-loader";
import { storage, useStorageValue } from "@/lib/storage";

/** Age confirmation lives in localStorage `IamOver18`; confirmed means the key exists. */
export function useAgeConfirmation(): { confirmed: boolean; confirm: () => void } {
  const value = useStorageValue("ageConfirmed");
  const confirm = useCallback(() => {
    storage.set("ageConfirmed", "true");
    track(ANALYTICS_EVENTS.ageGateConfirmed);
    startSendingAnalytics();
    startSessionReplay();
  }, []);
  return { confirmed: value !== null, confirm };
}
