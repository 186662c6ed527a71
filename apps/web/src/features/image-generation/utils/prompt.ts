import { CUSTOM_LIMITS } from "@reverie/shared";

export const PROMPT_MAX_LENGTH = CUSTOM_LIMITS.imagePromptMaxLength;

/** Scenes offered as chips under the prompt; a tap adds one to it. */
export const PROMPT_SUGGESTIONS = [
  "at the beach",
  "in a cozy café",
  "on a city rooftop at night",
  "reading by the fireplace",
  "hiking in the mountains",
  "at a candlelit dinner",
  "walking in the rain",
  "in a sunlit garden",
] as const;

/** Why the prompt can't be sent as it is (the server's rules: 1 to 500 characters, trimmed); null when it can. */
export function promptProblem(prompt: string): string | null {
  const text = prompt.trim();
  if (text.length === 0) return "Describe the picture.";
  if (text.length > PROMPT_MAX_LENGTH) return `Keep it to ${PROMPT_MAX_LENGTH} characters.`;
  return null;
}

/**
 * The prompt with a suggested scene added after a comma; unchanged when the scene is already in
 * it or would make it too long.
 */
export function withSuggestion(prompt: string, suggestion: string): string {
  const text = prompt.trim().replace(/[\s,]+$/, "");
  if (text.length === 0) return suggestion;
  if (text.toLowerCase().includes(suggestion.toLowerCase())) return prompt;
  const next = `${text}, ${suggestion}`;
  return next.length > PROMPT_MAX_LENGTH ? prompt : next;
}
