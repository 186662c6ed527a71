import { AppError, RetryLaterError } from "../errors.ts";
import type { RateLimitRepository } from "../repositories/rate-limits.ts";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Counted in KiB, so a day's global total fits the counters' 32-bit column. */
const UNIT = 1024;

export interface IngestBudgetLimits {
  /** bytes one client address may store in an hour */
  clientBytesPerHour: number;
  /** bytes every address together may store in a day */
  globalBytesPerDay: number;
}

/** 429 with Retry-After: the byte budget of the address (or of everyone) is spent for now. */
export class OverBudgetError extends RetryLaterError {
  constructor(retryAfterSeconds: number, scope: "client" | "global") {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      "over_budget",
      scope === "client"
        ? `Too much data from this address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
        : `We are not taking more of this data for now. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds,
    );
  }
}

/**
 * Byte budgets of what anonymous browsers may make the server store (analytics batches and
 * session-replay chunks, kept for 30 days): per client address per hour, and for everyone per day,
 * so one address cannot fill the disk (decision 0040). The counters live in the database, shared by
 * every instance.
 */
export class IngestBudget {
  readonly #counters: RateLimitRepository;
  readonly #limits: IngestBudgetLimits;
  readonly #now: () => number;

  constructor(counters: RateLimitRepository, limits: IngestBudgetLimits, now: () => number = Date.now) {
    this.#counters = counters;
    this.#limits = limits;
    this.#now = now;
  }

  /**
   * Counts `bytes` about to be stored for the address, or refuses them: 413 when they could never
   * fit a budget, 429 (Retry-After: when the window ends) once the address's or everyone's budget
   * is spent. The address is counted first, so an address over its own budget spends nobody else's.
   */
  async spend(ip: string, bytes: number): Promise<void> {
    if (bytes > Math.min(this.#limits.clientBytesPerHour, this.#limits.globalBytesPerDay)) {
      throw new AppError(413, "over_budget_size", "This upload is larger than we take at once.");
    }
    const units = Math.max(1, Math.ceil(bytes / UNIT));
    const now = this.#now();
    const client = await this.#counters.increment(`ingest:bytes:ip:${ip}`, HOUR, now, units);
    if (client.count * UNIT > this.#limits.clientBytesPerHour) {
      throw new OverBudgetError(Math.max(1, Math.ceil((client.windowStart + HOUR - now) / 1000)), "client");
    }
    const global = await this.#counters.increment("ingest:bytes:global", DAY, now, units);
    if (global.count * UNIT > this.#limits.globalBytesPerDay) {
      throw new OverBudgetError(Math.max(1, Math.ceil((global.windowStart + DAY - now) / 1000)), "global");
    }
  }
}
