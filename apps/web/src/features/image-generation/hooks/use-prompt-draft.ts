import { useEffect, useState } from "react";

/** Kept for the browser tab: buying tokens goes to the checkout and back, and the prompt waits. */
const DRAFT_KEY = "reverie:generate-image-prompt";

function readDraft(): string {
  try {
    return window.sessionStorage.getItem(DRAFT_KEY) ?? "";
  } catch {
    return "";
  }
}

/** The prompt being written, surviving a trip to the checkout in the same tab. */
export function usePromptDraft(): [string, (prompt: string) => void] {
  const [prompt, setPrompt] = useState(readDraft);
  useEffect(() => {
    try {
      if (prompt) window.sessionStorage.setItem(DRAFT_KEY, prompt);
      else window.sessionStorage.removeItem(DRAFT_KEY);
    } catch {
      // storage disabled: the draft lives as long as the screen
    }
  }, [prompt]);
  return [prompt, setPrompt];
}
