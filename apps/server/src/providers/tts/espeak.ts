import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ComponentStatus } from "../../services/health.ts";
import {
  type SpeechAudio,
  type SpeechRequest,
  TtsError,
  type TtsProvider,
  type VoiceGender,
} from "./types.ts";
import { readWavInfo } from "./wav.ts";

/** What one espeak-ng run is given (the worker's input). */
export interface EspeakJob {
  text: string;
  /** a voice with a variant, e.g. en-us+f3 */
  voice: string;
  wordsPerMinute: number;
}

/** What the worker sends back. */
export type EspeakResult = { ok: true; wav: Uint8Array } | { ok: false; error: string };

export interface EspeakOptions {
  voices?: Record<VoiceGender, string>;
  wordsPerMinute?: number;
  timeoutMs?: number;
}

/** American English with espeak's female and male variants. */
const DEFAULT_VOICES: Record<VoiceGender, string> = { female: "en-us+f3", male: "en-us+m3" };
/** espeak's default of 175 sounds hurried for conversation. */
const DEFAULT_WORDS_PER_MINUTE = 160;
const DEFAULT_TIMEOUT_MS = 30_000;
const WORKER = new URL("./espeak-worker.ts", import.meta.url);

/**
 * The offline default: eSpeak NG compiled to WebAssembly (the `espeak-ng` npm package, nothing to
 * install on the system). Robotic but clear; each synthesis runs in a short-lived worker thread.
 */
export class EspeakProvider implements TtsProvider {
  readonly name = "espeak-ng";
  readonly #voices: Record<VoiceGender, string>;
  readonly #wordsPerMinute: number;
  readonly #timeoutMs: number;

  constructor(options: EspeakOptions = {}) {
    this.#voices = options.voices ?? DEFAULT_VOICES;
    this.#wordsPerMinute = options.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    request.signal?.throwIfAborted();
    if (!request.text.trim()) throw new TtsError("there is no text to read", { retryable: false });
    const wav = await this.#run(
      { text: request.text, voice: this.#voices[request.voice], wordsPerMinute: this.#wordsPerMinute },
      request.signal,
    );
    const info = readWavInfo(wav);
    if (!info || info.dataBytes === 0) {
      throw new TtsError("espeak-ng produced no playable audio", { retryable: false });
    }
    return { data: wav, contentType: "audio/wav", extension: "wav" };
  }

  /** The WebAssembly build is there to load. */
  async check(): Promise<ComponentStatus> {
    try {
      await access(espeakWasmPath());
      return { status: "ok", detail: `espeak-ng (embedded WebAssembly), ${this.#wordsPerMinute} words/min` };
    } catch (error) {
      return {
        status: "down",
        detail: `espeak-ng's WebAssembly build is missing: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  #run(job: EspeakJob, signal: AbortSignal | undefined): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER, { workerData: job });
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", abort);
        void worker.terminate();
        outcome();
      };
      const abort = () => finish(() => reject(signal?.reason));
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(new TtsError(`espeak-ng took longer than ${this.#timeoutMs} ms`, { retryable: true })),
          ),
        this.#timeoutMs,
      );
      signal?.addEventListener("abort", abort, { once: true });
      worker.once("message", (result: EspeakResult) =>
        finish(() =>
          result.ok ? resolve(result.wav) : reject(new TtsError(result.error, { retryable: false })),
        ),
      );
      // a crash of the worker (out of memory, say) may not happen again
      worker.once("error", (error) =>
        finish(() =>
          reject(new TtsError(`espeak-ng failed: ${error.message}`, { retryable: true, cause: error })),
        ),
      );
      worker.once("exit", (code) =>
        finish(() =>
          reject(new TtsError(`espeak-ng stopped (exit code ${code}) without audio`, { retryable: true })),
        ),
      );
    });
  }
}

function espeakWasmPath(): string {
  const entry = createRequire(import.meta.url).resolve("espeak-ng");
  return path.join(path.dirname(entry), "espeak-ng.wasm");
}
