import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ComponentStatus } from "../../lib/health-check.ts";
import {
  type SpeechAudio,
  type SpeechRequest,
  TtsError,
  type TtsProvider,
  type VoiceGender,
} from "./types.ts";
import { CHARACTER_VOICES } from "./voices.ts";
import { readWavInfo } from "./wav.ts";

/** What one espeak-ng run is given. */
export interface EspeakJob {
  text: string;
  /** a voice with a variant, e.g. en-us+f3 */
  voice: string;
  wordsPerMinute: number;
}

/** The outcome of one run. */
export type EspeakResult = { ok: true; wav: Uint8Array } | { ok: false; error: string };

/** A message to the worker, and its answer. */
export interface EspeakRequest {
  id: number;
  job: EspeakJob;
}
export interface EspeakReply {
  id: number;
  result: EspeakResult;
}

export interface EspeakOptions {
  voices?: Record<VoiceGender, string>;
  wordsPerMinute?: number;
  /** how long one synthesis may run in its worker before the worker is replaced */
  timeoutMs?: number;
  /** worker threads, each synthesizing one text at a time */
  workers?: number;
}

/** American English with espeak's female and male variants. */
const DEFAULT_VOICES: Record<VoiceGender, string> = { female: "en-us+f3", male: "en-us+m3" };
/** espeak's default of 175 sounds hurried for conversation. */
const DEFAULT_WORDS_PER_MINUTE = 160;
const DEFAULT_TIMEOUT_MS = 30_000;
/** The machine's cores are shared with the server; two keep a short message from waiting behind a long one. */
const DEFAULT_WORKERS = 2;
const WORKER = new URL("./espeak-worker.ts", import.meta.url);

/** A synthesis waiting for a worker, or running in one. */
interface Pending {
  job: EspeakJob;
  resolve: (wav: Uint8Array) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  /** resolved or rejected already (an aborted request keeps its worker busy until it answers) */
  settled: boolean;
}

/** One worker thread and the request it is running, if any. */
interface Slot {
  worker: Worker;
  running: { id: number; pending: Pending; timer: NodeJS.Timeout } | null;
}

/**
 * The offline default: eSpeak NG compiled to WebAssembly (the `espeak-ng` npm package, nothing to
 * install on the system). Robotic but clear. A few long-lived worker threads (started on first
 * use) keep the compiled module and take the waiting texts one at a time; a worker that crashes
 * or runs past the timeout is replaced, and its request fails with a retryable error.
 */
export class EspeakProvider implements TtsProvider {
  readonly name = "espeak-ng";
  readonly #voices: Record<VoiceGender, string>;
  readonly #wordsPerMinute: number;
  readonly #timeoutMs: number;
  readonly #maxWorkers: number;
  readonly #slots: Slot[] = [];
  readonly #waiting: Pending[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: EspeakOptions = {}) {
    this.#voices = options.voices ?? DEFAULT_VOICES;
    this.#wordsPerMinute = options.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxWorkers = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  }

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    request.signal?.throwIfAborted();
    if (!request.text.trim()) throw new TtsError("there is no text to read", { retryable: false });
    const wav = await this.#run(
      {
        text: request.text,
        voice: request.characterVoice
          ? CHARACTER_VOICES[request.characterVoice].espeak
          : this.#voices[request.voice],
        wordsPerMinute: this.#wordsPerMinute,
      },
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

  /** Stops the workers; what is waiting or running fails with a retryable error (another instance may take it). */
  async close(): Promise<void> {
    this.#closed = true;
    const stopped = new TtsError("espeak-ng was shut down", { retryable: true });
    for (const pending of this.#waiting.splice(0)) this.#settle(pending, () => pending.reject(stopped));
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        if (slot.running) this.#finishRunning(slot, (pending) => pending.reject(stopped));
        return slot.worker.terminate();
      }),
    );
  }

  #run(job: EspeakJob, signal: AbortSignal | undefined): Promise<Uint8Array> {
    if (this.#closed) {
      return Promise.reject(new TtsError("espeak-ng was shut down", { retryable: true }));
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        job,
        resolve,
        reject,
        signal,
        settled: false,
        // a running synthesis cannot be interrupted: it finishes in its worker, and its audio is dropped
        onAbort: () => {
          const index = this.#waiting.indexOf(pending);
          if (index >= 0) this.#waiting.splice(index, 1);
          this.#settle(pending, () => reject(signal?.reason));
        },
      };
      signal?.addEventListener("abort", pending.onAbort, { once: true });
      this.#waiting.push(pending);
      this.#dispatch();
    });
  }

  /** Hands waiting texts to idle workers, starting workers up to the limit. */
  #dispatch(): void {
    while (this.#waiting.length > 0) {
      let slot = this.#slots.find((candidate) => candidate.running === null);
      if (!slot && this.#slots.length < this.#maxWorkers) slot = this.#startWorker();
      if (!slot) return;
      const pending = this.#waiting.shift() as Pending;
      const id = this.#nextId++;
      const timer = setTimeout(() => {
        this.#replace(
          slot,
          new TtsError(`espeak-ng took longer than ${this.#timeoutMs} ms`, { retryable: true }),
        );
      }, this.#timeoutMs);
      slot.running = { id, pending, timer };
      // an idle worker does not keep the process alive; a busy one does
      slot.worker.ref();
      const request: EspeakRequest = { id, job: pending.job };
      slot.worker.postMessage(request);
    }
  }

  #startWorker(): Slot {
    const worker = new Worker(WORKER, { workerData: { wasmPath: espeakWasmPath() } });
    const slot: Slot = { worker, running: null };
    worker.on("message", (reply: EspeakReply) => {
      if (slot.running?.id !== reply.id) return; // answered after its worker was given up
      this.#finishRunning(slot, (pending) => {
        const { result } = reply;
        if (result.ok) pending.resolve(result.wav);
        else pending.reject(new TtsError(result.error, { retryable: false }));
      });
      this.#dispatch();
    });
    // a crash of the worker (out of memory, say) may not happen again
    worker.on("error", (error) => {
      this.#replace(
        slot,
        new TtsError(`espeak-ng failed: ${error.message}`, { retryable: true, cause: error }),
      );
    });
    worker.on("exit", (code) => {
      this.#replace(
        slot,
        new TtsError(`espeak-ng stopped (exit code ${code}) without audio`, { retryable: true }),
      );
    });
    worker.unref();
    this.#slots.push(slot);
    return slot;
  }

  /** Drops a worker that crashed or hung: its request fails, and the next text starts a new one. */
  #replace(slot: Slot, error: TtsError): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return; // already replaced, or closed
    this.#slots.splice(index, 1);
    if (slot.running) this.#finishRunning(slot, (pending) => pending.reject(error));
    void slot.worker.terminate();
    this.#dispatch();
  }

  /** Ends the slot's current request with `outcome`; the slot is idle afterwards. */
  #finishRunning(slot: Slot, outcome: (pending: Pending) => void): void {
    const running = slot.running;
    if (!running) return;
    slot.running = null;
    clearTimeout(running.timer);
    slot.worker.unref();
    this.#settle(running.pending, () => outcome(running.pending));
  }

  #settle(pending: Pending, outcome: () => void): void {
    if (pending.settled) return;
    pending.settled = true;
    pending.signal?.removeEventListener("abort", pending.onAbort);
    outcome();
  }
}

function espeakWasmPath(): string {
  const entry = createRequire(import.meta.url).resolve("espeak-ng");
  return path.join(path.dirname(entry), "espeak-ng.wasm");
}
