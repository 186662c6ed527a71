import { useState } from "react";
import { sessionValues } from "../utils/session-values";

const DISMISSED_KEY = "reverie:update-plan-dismissed";

/** Whether the update-plan prompt may show: once per browser session, until dismissed. */
export function useUpdatePlanPrompt() {
  const [dismissed, setDismissed] = useState(() => sessionValues.get(DISMISSED_KEY) === "true");
  return {
    open: !dismissed,
    dismiss: () => {
      sessionValues.set(DISMISSED_KEY, "true");
      setDismissed(true);
    },
  };
}
