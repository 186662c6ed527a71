/** How a retry waits: the first wait, the longest, and the source of jitter (tests fix it). */
export interface BackoffOptions {
  /** the wait before the first retry (attempt 0) */
  baseMs: number;
  /** no wait is longer than this */
  maxMs: number;
  /** 0 ≤ random() < 1; Math.random by default */
  random?: () => number;
}

/** Share of each wait that is random, so clients that failed together do not retry together. */
const JITTER = 0.5;

/**
 * The wait before retry number `attempt` (0 for the first retry): `baseMs` doubled per attempt up
 * to `maxMs`, then shortened by a random share of up to half ("equal jitter"). The ceiling stays the
 * documented figure (the spec's 1.5 s socket reconnect is the longest first wait), and the shortest
 * wait is half of it, so a client never retries more than 2 / baseMs times a second.
 */
export function backoffDelay(
  attempt: number,
  { baseMs, maxMs, random = Math.random }: BackoffOptions,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (1 - JITTER * random()));
}

/** Waits of the web app's retries that go to the server (queries, the socket, catching up). */
export const RETRY_BACKOFF = {
  /** a failed query: 1 s, 2 s, 4 s … (TanStack Query's own steps), with jitter */
  query: { baseMs: 1_000, maxMs: 30_000 },
  /** the signed-in user while the server can't be reached: asked again every 2 s … 60 s */
  session: { baseMs: 2_000, maxMs: 60_000 },
  /** the messages socket: the spec's 1.5 s, then longer while it stays down */
  socketMaxMs: 30_000,
  /** a conversation's catch-up polling while its fetches fail */
  catchUpMaxMs: 60_000,
} as const;
