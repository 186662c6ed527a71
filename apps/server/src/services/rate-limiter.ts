import { RateLimitedError } from "../errors.ts";
import type { RateLimitRepository } from "../repositories/rate-limits.ts";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Past `limit` events in the window, each further attempt waits: `firstDelayMs`, doubling up to `maxDelayMs`. */
export interface SlowdownRule extends RateLimitRule {
  firstDelayMs: number;
  maxDelayMs: number;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Every limit on the account endpoints, per IP address, per account (email) and per pair.
 * Why these numbers: docs/decisions/0014-sign-in-throttling.md.
 */
export const RATE_LIMITS = {
  signInPerIp: { limit: 60, windowMs: MINUTE },
  /** failed sign-ins from one address to one account: the 11th within 15 minutes is refused (429) */
  failedSignInPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * failed sign-ins to one account from anywhere: past 20 within an hour every attempt waits
   * 1 s, 2 s, 4 s, 8 s, then 10 s, and is still answered, so nobody can lock the owner out
   */
  failedSignInPerAccount: { limit: 20, windowMs: HOUR, firstDelayMs: SECOND, maxDelayMs: 10 * SECOND },
  signUpPerIp: { limit: 20, windowMs: HOUR },
  restorePerIp: { limit: 20, windowMs: HOUR },
  restorePerAccount: { limit: 5, windowMs: HOUR },
  /** attempts to set a password with a reset code, per address */
  resetCodePerIp: { limit: 20, windowMs: 15 * MINUTE },
  magicLinkPerIp: { limit: 20, windowMs: HOUR },
  magicLinkPerAccount: { limit: 5, windowMs: HOUR },
  /** attempts to sign in with an emailed link's code, per address */
  signInLinkCodePerIp: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * wrong passwords given by a signed-in session (changing the password, deleting the account),
   * per account: a stolen session must not guess the password behind it
   */
  passwordCheckPerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule | SlowdownRule>;

/** The counter of wrong passwords a signed-in account gave (password change, account deletion). */
export function passwordCheckKey(userId: string): string {
  return `password-check:account:${userId}`;
}

/** How long an attempt waits when it is the `count`-th of its window under a slowdown rule. */
export function slowdownDelayMs(count: number, rule: SlowdownRule): number {
  const excess = count - rule.limit;
  if (excess <= 0) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(excess - 1, 30));
}

export class RateLimiter {
  readonly #counters: RateLimitRepository;
  readonly #now: () => number;

  constructor(counters: RateLimitRepository, now: () => number = Date.now) {
    this.#counters = counters;
    this.#now = now;
  }

  /** Counts an attempt and refuses it (429) once the rule's limit is passed. */
  async consume(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.#now();
    const { count, windowStart } = await this.#counters.increment(key, rule.windowMs, now);
    if (count > rule.limit) throw new RateLimitedError(Math.ceil((windowStart + rule.windowMs - now) / 1000));
  }

  /** Counts an attempt and answers how long it must wait first; never refuses. */
  async slowdown(key: string, rule: SlowdownRule): Promise<number> {
    const { count } = await this.#counters.increment(key, rule.windowMs, this.#now());
    return slowdownDelayMs(count, rule);
  }

  /** Takes back one counted attempt that did not fail (it succeeded, or was never judged). */
  async release(key: string): Promise<void> {
    await this.#counters.decrement(key);
  }

  /** Forgets every counted attempt of the key (a success ends a run of failures). */
  async reset(key: string): Promise<void> {
    await this.#counters.reset(key);
  }
}
