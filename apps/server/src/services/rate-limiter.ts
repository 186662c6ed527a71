import { RateLimitedError } from "../errors.ts";
import type { RateLimitRepository } from "../repositories/rate-limits.ts";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every limit on the account endpoints, per IP address and per account (email). */
export const RATE_LIMITS = {
  signInPerIp: { limit: 60, windowMs: MINUTE },
  /** failed sign-ins for one account: the 101st within an hour is refused */
  failedSignInPerAccount: { limit: 100, windowMs: HOUR },
  signUpPerIp: { limit: 20, windowMs: HOUR },
  restorePerIp: { limit: 20, windowMs: HOUR },
  restorePerAccount: { limit: 5, windowMs: HOUR },
  magicLinkPerIp: { limit: 20, windowMs: HOUR },
  magicLinkPerAccount: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

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

  /** Refuses (429) when the limit is already used up, without counting this attempt. */
  async ensureAvailable(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.#now();
    const { count, windowStart } = await this.#counters.current(key, rule.windowMs, now);
    if (count >= rule.limit)
      throw new RateLimitedError(Math.ceil((windowStart + rule.windowMs - now) / 1000));
  }

  /** Counts an event without refusing anything (failures counted after the fact). */
  async record(key: string, rule: RateLimitRule): Promise<void> {
    await this.#counters.increment(key, rule.windowMs, this.#now());
  }
}
