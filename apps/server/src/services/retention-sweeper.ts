import type { FastifyBaseLogger } from "fastify";
import type { AnalyticsService } from "./analytics.ts";
import type { SessionReplayService } from "./session-replays.ts";

const HOUR = 60 * 60_000;

export interface RetentionSweeperDeps {
  replays: SessionReplayService;
  analytics: AnalyticsService;
  log?: FastifyBaseLogger;
  everyMs?: number;
}

/**
 * Deletes what browsers sent once its retention ends (session replays and analytics events, 30 days:
 * the privacy policy says so), at start and then hourly in every web instance. Deleting is
 * idempotent, so instances sweeping at once do no harm.
 */
export class RetentionSweeper {
  readonly #deps: RetentionSweeperDeps;
  readonly #everyMs: number;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(deps: RetentionSweeperDeps) {
    this.#deps = deps;
    this.#everyMs = deps.everyMs ?? HOUR;
  }

  /** One pass; answers what it deleted. */
  async sweep(): Promise<{ replays: number; analyticsEvents: number }> {
    const replays = await this.#deps.replays.deleteExpired();
    const analyticsEvents = await this.#deps.analytics.deleteExpired();
    if (replays + analyticsEvents > 0)
      this.#deps.log?.info({ replays, analyticsEvents }, "retention: deleted");
    return { replays, analyticsEvents };
  }

  start(): void {
    if (this.#timer) return;
    const run = () => {
      if (this.#running) return;
      this.#running = this.sweep()
        .catch((error: unknown) => this.#deps.log?.error({ err: error }, "retention sweep failed"))
        .finally(() => {
          this.#running = null;
        });
    };
    this.#timer = setInterval(run, this.#everyMs);
    this.#timer.unref();
    run();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
