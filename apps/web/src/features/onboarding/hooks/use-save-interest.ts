import type { Gender } from "@reverie/shared";
import { useCallback } from "react";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { storage } from "@/lib/storage";
import { useUpdateInterest } from "../api/update-interest";

/**
 * Keeps the interest picked on the onboarding as the interest selection does (`isStartedChoosing`)
 * and on the account (`gender_choice`). The account's copy does not hold the user up: a failure is
 * only logged, the stored choice still drives the catalog on this device.
 */
export function useSaveInterest(source: string) {
  const update = useUpdateInterest();
  const { mutate } = update;
  return useCallback(
    (gender: Gender) => {
      track(ANALYTICS_EVENTS.genderSelected, { gender, source });
      storage.set("genderChoice", gender);
      mutate(gender, {
        onError: (error) => console.error("Couldn't save the interest on the account.", error),
      });
    },
    [mutate, source],
  );
}
