import type { ComponentStatus } from "../../lib/health-check.ts";
import type { CharacterVoiceId } from "./voices.ts";

/** Which of the configured voices reads the text: the character's. */
export type VoiceGender = "female" | "male";

export interface SpeechRequest {
  /** Plain sentences (see `speakableText`): no emoji, no markdown. */
  text: string;
  voice: VoiceGender;
  /** the character's own voice (providers/tts/voices.ts), when one was chosen; else the gender's */
  characterVoice?: CharacterVoiceId | undefined;
  signal?: AbortSignal;
}

export interface SpeechAudio {
  data: Uint8Array;
  /** e.g. audio/wav, audio/mpeg */
  contentType: string;
  /** file extension matching the content type, without the dot: the static server derives the type from it */
  extension: string;
}

/** A failure to synthesize; `retryable` says whether the same request may succeed later. */
export class TtsError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "TtsError";
    this.retryable = options.retryable;
  }
}

/** Text to speech: reads a message aloud in a voice that fits the character. */
export interface TtsProvider {
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
  check(): Promise<ComponentStatus>;
  /** Releases what the provider holds (worker threads); called when the app closes. */
  close?(): Promise<void>;
}
