import type { VoiceGender } from "./types.ts";

/**
 * The voices a character can be given (the constructor's voice trait). Each names what it is in
 * both providers: an espeak-ng variant, and one of OpenAI's voice names, used when the configured
 * speech server speaks those names (see OpenAiCompatibleTts). The first voice of each gender is
 * the one every character had before voices could be chosen.
 */
export const CHARACTER_VOICES = {
  female_warm: { gender: "female", label: "Warm", espeak: "en-us+f3", openai: "nova" },
  female_soft: { gender: "female", label: "Soft", espeak: "en-us+f2", openai: "shimmer" },
  female_bright: { gender: "female", label: "Bright", espeak: "en-us+f4", openai: "coral" },
  male_deep: { gender: "male", label: "Deep", espeak: "en-us+m3", openai: "onyx" },
  male_warm: { gender: "male", label: "Warm", espeak: "en-us+m1", openai: "echo" },
  male_bright: { gender: "male", label: "Bright", espeak: "en-us+m2", openai: "ash" },
} as const satisfies Record<string, { gender: VoiceGender; label: string; espeak: string; openai: string }>;

export type CharacterVoiceId = keyof typeof CHARACTER_VOICES;

export function isCharacterVoice(value: string): value is CharacterVoiceId {
  return Object.hasOwn(CHARACTER_VOICES, value);
}

/** OpenAI's voice names (also taken by openedai-speech and other servers that imitate it). */
export const OPENAI_VOICE_NAMES: ReadonlySet<string> = new Set([
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
  "verse",
]);
