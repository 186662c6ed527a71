import type { Message } from "@reverie/shared";
import { backoffDelay, RETRY_BACKOFF } from "@/lib/backoff";

/** How often the newest page is fetched while the socket is down. */
export const CATCH_UP_INTERVAL_MS = 3_000;

export interface CatchUpOptions {
  /** the newest page of the conversation */
  fetchNewest: () => Promise<readonly Message[]>;
  /** merges a page into the conversation (through its reducer, which ignores known ids) */
  apply: (messages: readonly Message[]) => void;
  /** hidden tabs do not poll; they catch up when shown (the socket reconnects then) */
  isVisible: () => boolean;
  onError?: (cause: unknown) => void;
  intervalMs?: number;
  /** 0 ≤ random() < 1, the jitter of the waits after failures; Math.random by default */
  random?: () => number;
}

/**
 * Keeps a conversation converging while socket events cannot reach it: the newest page is fetched
 * after each send and every few seconds while the socket is down, and on demand (after a reconnect).
 * While fetches fail (the server is down too) the polls back off: twice as long after each failure,
 * up to a minute, with jitter.
 *
 * A page is never merged while a send is in flight: it may hold the stored copy of the message that
 * is still on screen as the optimistic one, which would show it twice. Such a page is dropped and
 * fetched again once the send is over.
 */
export class ConversationCatchUp {
  readonly #options: CatchUpOptions;
  readonly #intervalMs: number;
  readonly #random: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** failed fetches in a row */
  #failures = 0;
  #connected = true;
  #sending = 0;
  #fetching = false;
  /** another fetch was asked for while one was running, or a page was dropped during a send */
  #again = false;

  constructor(options: CatchUpOptions) {
    this.#options = options;
    this.#intervalMs = options.intervalMs ?? CATCH_UP_INTERVAL_MS;
    this.#random = options.random ?? Math.random;
  }

  /** Whether socket events arrive; while not, the newest page is polled. */
  setConnected(connected: boolean): void {
    this.#connected = connected;
    this.#stopPolling();
    if (!connected) this.#scheduleNext();
  }

  #scheduleNext(): void {
    const wait =
      this.#failures === 0
        ? this.#intervalMs
        : backoffDelay(this.#failures, {
            baseMs: this.#intervalMs,
            maxMs: RETRY_BACKOFF.catchUpMaxMs,
            random: this.#random,
          });
    const timer = setTimeout(async () => {
      if (this.#options.isVisible()) await this.refresh();
      // still this poll's turn: not stopped, nor started again meanwhile
      if (this.#timer === timer) this.#scheduleNext();
    }, wait);
    this.#timer = timer;
  }

  /** Marks a send as started; call the returned function when it is over (accepted or not). */
  sendStarted(): () => void {
    this.#sending += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#sending -= 1;
      if (this.#sending === 0 && (!this.#connected || this.#again)) void this.refresh();
    };
  }

  /** Fetches the newest page now and merges it. */
  async refresh(): Promise<void> {
    if (this.#fetching || this.#sending > 0) {
      this.#again = true;
      return;
    }
    this.#fetching = true;
    this.#again = false;
    try {
      const messages = await this.#options.fetchNewest();
      this.#failures = 0;
      if (this.#sending > 0) this.#again = true;
      else this.#options.apply(messages);
    } catch (cause) {
      this.#failures += 1;
      this.#options.onError?.(cause);
    } finally {
      this.#fetching = false;
    }
    if (this.#again && this.#sending === 0) await this.refresh();
  }

  /** Stops polling (the conversation left the screen); `setConnected` starts it again. */
  stop(): void {
    this.#stopPolling();
  }

  #stopPolling(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
