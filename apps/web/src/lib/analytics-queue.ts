import { backoffDelay } from "./backoff";

/**
 * The analytics queue of the spec (section 9): kept in local storage (at most 1000 events), sent
 * every second or as soon as 30 wait, retried up to 5 times with a growing pause, one session id per
 * visit that ends after 30 minutes idle, and the same event with the same properties counted once
 * per 30 seconds.
 */
export const ANALYTICS_QUEUE = {
  size: 30,
  flushIntervalMs: 1000,
  retries: 5,
  sessionTimeoutMs: 30 * 60_000,
  storedLimit: 1000,
  throttleMs: 30_000,
  /** the most events POST /api/analytics/events takes in one batch */
  batchLimit: 50,
} as const;

export interface QueuedEvent {
  event: string;
  props: Record<string, unknown>;
  at: string;
  user_id?: string;
}

export interface AnalyticsBatch {
  client_id: string;
  session_id: string;
  events: QueuedEvent[];
}

/** sent; refused for good (a 4xx other than 429: the same batch would be refused again); or failed */
export type SendOutcome = "sent" | "refused" | "failed";

/** The part of Storage the queue uses; null when the browser keeps nothing (privacy modes). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface AnalyticsQueueOptions {
  store: KeyValueStore | null;
  send(batch: AnalyticsBatch): Promise<SendOutcome>;
  /** hands a batch to the browser to deliver after the page is gone; false when it would not take it */
  beacon(batch: AnalyticsBatch): boolean;
  /** whether events may leave the browser now (remote configuration); they wait in the queue until then */
  canSend(): boolean;
  newId(): string;
  /** 0 ≤ random() < 1, the jitter of the waits after failures (lib/backoff.ts); Math.random by default */
  random?: () => number;
}

const KEYS = {
  queue: "reverie:analytics:queue",
  client: "reverie:analytics:client",
  session: "reverie:analytics:session",
} as const;

interface SessionState {
  id: string;
  lastActivity: number;
}

function read<T>(store: KeyValueStore | null, key: string): T | null {
  try {
    const text = store?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(store: KeyValueStore | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  } catch {
    // storage full or disabled: the queue lives in memory for this page only
  }
}

/** The same session while there was activity within 30 minutes, otherwise a new one. */
function continueSession(
  session: SessionState | null,
  now: number,
  activity: boolean,
  newId: () => string,
): SessionState {
  const current =
    session && now - session.lastActivity < ANALYTICS_QUEUE.sessionTimeoutMs
      ? session
      : { id: newId(), lastActivity: now };
  if (activity) current.lastActivity = now;
  return current;
}

/**
 * The stored visit, shared with session replay: the browser's client id and its session id (a new
 * one after 30 minutes without activity; `activity` counts this moment as some). Only after the
 * visitor consented, as everything stored here.
 */
export function visitSession(
  store: KeyValueStore | null,
  options: { now: number; activity: boolean; newId: () => string },
): { clientId: string; sessionId: string } {
  let clientId = store?.getItem(KEYS.client) ?? null;
  if (!clientId) {
    clientId = options.newId();
    write(store, KEYS.client, clientId);
  }
  const stored = read<SessionState>(store, KEYS.session);
  const session = continueSession(stored, options.now, options.activity, options.newId);
  if (session !== stored || options.activity) write(store, KEYS.session, session);
  return { clientId, sessionId: session.id };
}

export class AnalyticsQueue {
  readonly #options: AnalyticsQueueOptions;
  #store: KeyValueStore | null;
  #events: QueuedEvent[];
  readonly #clientId: string;
  #session: SessionState | null;
  readonly #lastSeen = new Map<string, number>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #sending = false;
  /** failed tries of the batch at the head of the queue */
  #failures = 0;

  constructor(options: AnalyticsQueueOptions) {
    this.#options = options;
    this.#store = options.store;
    const stored = read<unknown>(options.store, KEYS.queue);
    this.#events = Array.isArray(stored) ? (stored as QueuedEvent[]) : [];
    const storedClient = options.store?.getItem(KEYS.client);
    this.#clientId = storedClient || options.newId();
    if (!storedClient) write(options.store, KEYS.client, this.#clientId);
    this.#session = read<SessionState>(options.store, KEYS.session);
    if (this.#events.length > 0) this.#schedule(ANALYTICS_QUEUE.flushIntervalMs);
  }

  get clientId(): string {
    return this.#clientId;
  }

  /** The current session's id, a new one after 30 minutes without events. */
  get sessionId(): string {
    return this.#touchSession(Date.now(), false);
  }

  /** The events waiting to be sent, oldest first. */
  get pending(): readonly QueuedEvent[] {
    return this.#events;
  }

  /** Queues an event; false when the same event was queued within the throttle window. */
  add(event: QueuedEvent): boolean {
    const now = Date.now();
    const key = `${event.event}\u0000${JSON.stringify(event.props)}`;
    const seen = this.#lastSeen.get(key);
    if (seen !== undefined && now - seen < ANALYTICS_QUEUE.throttleMs) return false;
    this.#lastSeen.set(key, now);
    this.#touchSession(now, true);
    this.#events.push(event);
    if (this.#events.length > ANALYTICS_QUEUE.storedLimit) {
      this.#events.splice(0, this.#events.length - ANALYTICS_QUEUE.storedLimit);
    }
    this.#persist();
    // a new event wakes a queue that gave up retrying: the network may be back
    if (this.#failures > ANALYTICS_QUEUE.retries) this.#failures = 0;
    if (this.#failures === 0 && this.#events.length >= ANALYTICS_QUEUE.size) void this.flush();
    else this.#schedule(ANALYTICS_QUEUE.flushIntervalMs);
    return true;
  }

  /** Sends the oldest waiting events (one batch); on failure tries again later, up to 5 times. */
  async flush(): Promise<void> {
    this.#clearTimer();
    if (this.#sending || this.#events.length === 0 || !this.#options.canSend()) return;
    this.#sending = true;
    const events = this.#events.slice(0, ANALYTICS_QUEUE.batchLimit);
    let outcome: SendOutcome;
    try {
      outcome = await this.#options.send(this.#batch(events));
    } catch {
      outcome = "failed";
    }
    this.#sending = false;
    if (outcome === "failed") {
      this.#failures += 1;
      // past the last retry the events wait, stored, for the next event or the next visit
      if (this.#failures <= ANALYTICS_QUEUE.retries) {
        this.#schedule(
          backoffDelay(this.#failures, {
            baseMs: ANALYTICS_QUEUE.flushIntervalMs,
            maxMs: ANALYTICS_QUEUE.flushIntervalMs * 2 ** ANALYTICS_QUEUE.retries,
            random: this.#options.random,
          }),
        );
      }
      return;
    }
    this.#failures = 0;
    this.#events = this.#events.slice(events.length);
    this.#persist();
    if (this.#events.length > 0) this.#schedule(ANALYTICS_QUEUE.flushIntervalMs);
  }

  /** The page is going away: everything waiting goes to the browser's beacon, batch by batch. */
  flushWithBeacon(): void {
    this.#clearTimer();
    if (!this.#options.canSend()) return;
    while (this.#events.length > 0) {
      const events = this.#events.slice(0, ANALYTICS_QUEUE.batchLimit);
      if (!this.#options.beacon(this.#batch(events))) break;
      this.#events = this.#events.slice(events.length);
    }
    this.#persist();
  }

  /**
   * From now on keeps the client id, the session and the waiting events in `store` (a queue made
   * without one kept them for this page only): the same client before and after.
   */
  keepIn(store: KeyValueStore | null): void {
    if (this.#store || !store) return;
    this.#store = store;
    write(store, KEYS.client, this.#clientId);
    if (this.#session) write(store, KEYS.session, this.#session);
    this.#persist();
  }

  /** Forgets every waiting event (analytics turned off). */
  clear(): void {
    this.#clearTimer();
    this.#events = [];
    this.#persist();
  }

  #batch(events: QueuedEvent[]): AnalyticsBatch {
    return { client_id: this.#clientId, session_id: this.sessionId, events };
  }

  #touchSession(now: number, activity: boolean): string {
    // the stored session first: session replay keeps it alive too (visitSession)
    const session = (this.#store && read<SessionState>(this.#store, KEYS.session)) || this.#session;
    const current = continueSession(session, now, activity, this.#options.newId);
    if (current !== session || activity) {
      this.#session = current;
      write(this.#store, KEYS.session, current);
    }
    return current.id;
  }

  #persist(): void {
    write(this.#store, KEYS.queue, this.#events);
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== null) return;
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
