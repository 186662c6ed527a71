import { type User, VOICE_MESSAGE_PRICE_TOKENS } from "@reverie/shared";

/**
 * How the user may hear a character's message (decision 35): included in premium, for
 * VOICE_MESSAGE_PRICE_TOKENS on the free plan, or only after topping up.
 */
export type VoiceAccess = "included" | "tokens" | "top_up";

export function voiceAccess(user: Pick<User, "plan" | "tokens"> | null | undefined): VoiceAccess {
  if (user?.plan === "premium") return "included";
  return user && user.tokens >= VOICE_MESSAGE_PRICE_TOKENS ? "tokens" : "top_up";
}
