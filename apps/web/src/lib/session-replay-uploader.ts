import { SESSION_REPLAY, SESSION_REPLAY_LIMITS } from "@reverie/shared";
import { backoffDelay } from "./backoff";

/** An rrweb event as emitted; the uploader only counts and forwards them. */
export interface RecordedEvent {
  type: number;
  timestamp: number;
  data: unknown;
}

export interface ReplayChunkUpload {
  seq: number;
  events: RecordedEvent[];
}

/** sent; refused for good (a 4xx other than 429: replay is off, the user opted out…); or failed */
export type UploadOutcome = "sent" | "refused" | "failed";

export interface ReplayUploaderOptions {
  send(chunk: ReplayChunkUpload, options: { keepalive: boolean }): Promise<UploadOutcome>;
  /** the server will take no more of this replay: recording stops */
  onRefused(): void;
  /** 0 ≤ random() < 1, the jitter of the waits after failures (lib/backoff.ts); Math.random by default */
  random?: () => number;
}

/** A chunk stays well under the server's body limit (the ids and the scrubbing add a little). */
const CHUNK_TARGET_BYTES = Math.floor(SESSION_REPLAY_LIMITS.chunkBytes * 0.9);

/**
 * Uploads what the recorder emits: 30 s after the first event waiting, then every 30 s while events
 * keep coming; a failed upload is tried again, never more than 60 s after the last try (spec
 * section 9). A batch near the body limit goes at once. When the page is hidden what waits goes in
 * keepalive requests, which outlive the page.
 */
export class ReplayUploader {
  readonly #options: ReplayUploaderOptions;
  #waiting: RecordedEvent[] = [];
  #waitingBytes = 0;
  /** a chunk that failed, sent again (same seq) before anything newer */
  #retry: ReplayChunkUpload | null = null;
  #seq = 0;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #sending = false;
  #stopped = false;

  constructor(options: ReplayUploaderOptions) {
    this.#options = options;
  }

  get waiting(): number {
    return this.#waiting.length + (this.#retry?.events.length ?? 0);
  }

  add(event: RecordedEvent): void {
    if (this.#stopped) return;
    const bytes = JSON.stringify(event).length;
    // one event past the limit (a page's snapshot far beyond the usual) can never be uploaded
    if (bytes > CHUNK_TARGET_BYTES) return;
    this.#waiting.push(event);
    this.#waitingBytes += bytes;
    if (this.#waitingBytes >= CHUNK_TARGET_BYTES && !this.#sending && this.#failures === 0) void this.flush();
    else this.#schedule(SESSION_REPLAY.uploadIntervalMs);
  }

  /** Uploads one chunk now: the one that failed before, else what waits. */
  async flush(): Promise<void> {
    this.#clearTimer();
    if (this.#stopped || this.#sending) return;
    const chunk = this.#retry ?? this.#takeChunk(CHUNK_TARGET_BYTES);
    if (!chunk) return;
    this.#retry = null;
    this.#sending = true;
    let outcome: UploadOutcome;
    try {
      outcome = await this.#options.send(chunk, { keepalive: false });
    } catch {
      outcome = "failed";
    }
    this.#sending = false;
    if (this.#stopped) return;
    if (outcome === "refused") {
      this.stop();
      this.#options.onRefused();
      return;
    }
    if (outcome === "failed") {
      this.#retry = chunk;
      this.#failures += 1;
      this.#schedule(
        backoffDelay(this.#failures, {
          baseMs: SESSION_REPLAY.uploadIntervalMs,
          maxMs: SESSION_REPLAY.maxUploadIntervalMs,
          random: this.#options.random,
        }),
      );
      return;
    }
    this.#failures = 0;
    if (this.#waiting.length > 0) {
      this.#schedule(this.#waitingBytes >= CHUNK_TARGET_BYTES ? 0 : SESSION_REPLAY.uploadIntervalMs);
    }
  }

  /**
   * The page is hidden (maybe closing): what waits leaves at once. Browsers hold at most 64 KiB of
   * keepalive requests in flight per page, so the first chunks within that go as keepalive (they
   * outlive the page) and the rest as ordinary uploads (completed if the page stays open).
   */
  flushOnHide(): void {
    if (this.#stopped) return;
    this.#clearTimer();
    let keepaliveLeft = SESSION_REPLAY_LIMITS.keepaliveBytes;
    const sendNow = (chunk: ReplayChunkUpload) => {
      const bytes = JSON.stringify(chunk.events).length;
      const keepalive = bytes <= keepaliveLeft;
      if (keepalive) keepaliveLeft -= bytes;
      void this.#options.send(chunk, { keepalive }).catch(() => "failed");
    };
    if (this.#retry && !this.#sending) {
      sendNow(this.#retry);
      this.#retry = null;
    }
    while (this.#waiting.length > 0) {
      const chunk = this.#takeChunk(keepaliveLeft >= 1024 ? keepaliveLeft : CHUNK_TARGET_BYTES);
      if (chunk) sendNow(chunk);
    }
  }

  /** Stops for good and forgets what waits (opt-out: nothing more leaves the browser). */
  stop(): void {
    this.#stopped = true;
    this.#clearTimer();
    this.#waiting = [];
    this.#waitingBytes = 0;
    this.#retry = null;
  }

  /** The oldest waiting events up to `maxBytes` (at least one), with the next sequence number. */
  #takeChunk(maxBytes: number): ReplayChunkUpload | null {
    if (this.#waiting.length === 0) return null;
    let bytes = 0;
    let count = 0;
    for (const event of this.#waiting) {
      const size = JSON.stringify(event).length;
      if (count > 0 && (bytes + size > maxBytes || count >= SESSION_REPLAY_LIMITS.eventsPerChunk)) break;
      bytes += size;
      count += 1;
    }
    const events = this.#waiting.splice(0, count);
    this.#waitingBytes = Math.max(0, this.#waitingBytes - bytes);
    const chunk = { seq: this.#seq, events };
    this.#seq += 1;
    return chunk;
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== null || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, delayMs);
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
