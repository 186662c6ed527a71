import type { Gender } from "@reverie/shared";
import type { HealthCheck } from "../../lib/health-check.ts";
import { EspeakProvider } from "./espeak.ts";
import { OpenAiCompatibleTts } from "./openai-compatible.ts";
import type { TtsProvider, VoiceGender } from "./types.ts";

export interface TtsConfig {
  /** TTS_PROVIDER: "espeak" (embedded, offline) or "openai" (an OpenAI-compatible speech API). */
  provider: "espeak" | "openai";
  /** TTS_BASE_URL */
  baseUrl: string;
  /** TTS_API_KEY */
  apiKey?: string | undefined;
  /** TTS_MODEL */
  model: string;
  /** TTS_VOICE_FEMALE, TTS_VOICE_MALE */
  voices: Record<VoiceGender, string>;
}

/** The configured speech provider; espeak-ng needs nothing outside the app. */
export function createTtsProvider(config: TtsConfig): TtsProvider {
  if (config.provider === "espeak") return new EspeakProvider();
  return new OpenAiCompatibleTts({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey?.trim() || undefined,
    model: config.model,
    voices: config.voices,
  });
}

/** The "tts" entry of the health report's providers. */
export function ttsHealthCheck(provider: TtsProvider): HealthCheck {
  return { name: "tts", check: () => provider.check() };
}

/** Characters of the anime categories speak with the voice of their gender. */
export function voiceForGender(gender: Gender): VoiceGender {
  return gender === "male" || gender === "anime_male" ? "male" : "female";
}

export { EspeakProvider } from "./espeak.ts";
export { OpenAiCompatibleTts, type OpenAiCompatibleTtsOptions } from "./openai-compatible.ts";
export { MAX_SPEECH_LENGTH, speakableText } from "./text.ts";
export {
  type SpeechAudio,
  type SpeechRequest,
  TtsError,
  type TtsProvider,
  type VoiceGender,
} from "./types.ts";
export { readWavInfo, type WavInfo } from "./wav.ts";
