import type { ComponentStatus } from "../../lib/health-check.ts";
import {
  apiRoot,
  describeError,
  describeUrl,
  readLimited,
  UpstreamCall,
  upstreamMessage,
} from "../upstream-http.ts";
import {
  type SpeechAudio,
  type SpeechRequest,
  TtsError,
  type TtsProvider,
  type VoiceGender,
} from "./types.ts";
import { CHARACTER_VOICES, OPENAI_VOICE_NAMES } from "./voices.ts";

export interface OpenAiCompatibleTtsOptions {
  /**
   * Up to and including the API version ("https://api.openai.com/v1"); a bare host
   * ("http://127.0.0.1:8880") gets "/v1".
   */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (local servers usually need none). */
  apiKey?: string;
  model: string;
  /** The server's voice names for female and male characters. */
  voices: Record<VoiceGender, string>;
  /** Longest wait for the whole audio; default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const CHECK_TIMEOUT_MS = 10_000;
const ERROR_BODY_LIMIT = 16_384;

/** What a server may answer instead of the MP3 asked for, and the file extension to store it under. */
const EXTENSIONS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/ogg": "ogg",
  "audio/opus": "opus",
  "audio/aac": "aac",
  "audio/flac": "flac",
};

/**
 * Any server speaking OpenAI's `POST /v1/audio/speech`: OpenAI, and local ones such as
 * Kokoro-FastAPI or openedai-speech. Failures become `TtsError`s that say whether trying again
 * may help (429 and 5xx may; other 4xx, such as a rejected key, will not).
 */
export class OpenAiCompatibleTts implements TtsProvider {
  readonly name = "openai-compatible";
  readonly #apiUrl: string;
  readonly #apiKey: string | undefined;
  readonly #model: string;
  readonly #voices: Record<VoiceGender, string>;
  readonly #timeoutMs: number;
  readonly #where: string;
  readonly #speaksOpenAiNames: boolean;

  constructor(options: OpenAiCompatibleTtsOptions) {
    this.#apiUrl = apiRoot(options.baseUrl);
    this.#apiKey = options.apiKey || undefined;
    this.#model = options.model;
    this.#voices = options.voices;
    this.#speaksOpenAiNames = Object.values(options.voices).every((name) => OPENAI_VOICE_NAMES.has(name));
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#where = describeUrl(this.#apiUrl, "the speech server");
  }

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const call = new UpstreamCall({
      where: this.#where,
      timeoutMs: this.#timeoutMs,
      signal: request.signal,
      error: (message, options) => new TtsError(message, options),
    });
    let response: Response;
    let data: Uint8Array;
    try {
      response = await call.fetch(`${this.#apiUrl}/audio/speech`, {
        method: "POST",
        headers: this.#headers({ "content-type": "application/json", accept: "audio/*" }),
        body: JSON.stringify({
          model: this.#model,
          input: request.text,
          voice: this.#voiceName(request),
          response_format: "mp3",
        }),
      });
      data = new Uint8Array(await call.read("while reading the audio", () => response.arrayBuffer()));
    } finally {
      call.end();
    }
    if (data.length === 0) throw new TtsError(`${this.#where} sent no audio`, { retryable: true });
    const contentType =
      (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const extension = EXTENSIONS[contentType];
    // a server that does not say what it sent answered the MP3 that was asked for
    if (extension) return { data, contentType, extension };
    if (
      contentType.startsWith("audio/") ||
      contentType === "" ||
      contentType === "application/octet-stream"
    ) {
      return { data, contentType: "audio/mpeg", extension: "mp3" };
    }
    throw new TtsError(`${this.#where} sent ${contentType} instead of audio`, { retryable: false });
  }

  /** Reachable, and the key is accepted (speech servers without a model list count as reachable). */
  async check(): Promise<ComponentStatus> {
    const detail = `${this.#where}, model ${this.#model}`;
    try {
      const response = await fetch(`${this.#apiUrl}/models`, {
        headers: this.#headers({ accept: "application/json" }),
        signal: AbortSignal.timeout(Math.min(this.#timeoutMs, CHECK_TIMEOUT_MS)),
      });
      const text = await readLimited(response, ERROR_BODY_LIMIT);
      if (response.status === 401 || response.status === 403 || response.status >= 500) {
        return {
          status: "degraded",
          detail: `${detail}: HTTP ${response.status}: ${upstreamMessage(text, response.statusText)}`,
        };
      }
      return { status: "ok", detail };
    } catch (error) {
      return { status: "degraded", detail: `${detail}: unreachable: ${describeError(error)}` };
    }
  }

  /**
   * A character's chosen voice by its OpenAI name when the server takes OpenAI's names (both
   * configured voices are among them); a server with voices of its own (Kokoro's af_bella…) reads
   * with the configured voice of the character's gender.
   */
  #voiceName(request: SpeechRequest): string {
    const configured = this.#voices[request.voice];
    if (!request.characterVoice || !this.#speaksOpenAiNames) return configured;
    return CHARACTER_VOICES[request.characterVoice].openai;
  }

  #headers(extra: Record<string, string>): Record<string, string> {
    return this.#apiKey ? { ...extra, authorization: `Bearer ${this.#apiKey}` } : extra;
  }
}
