import { ANALYTICS_INGEST_LIMITS, type AnalyticsBatch, FUNNEL_STEPS, type FunnelStep } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { AnalyticsEventRepository } from "../repositories/analytics-events.ts";
import { isBotTraffic } from "./bot-traffic.ts";
import type { IngestBudget } from "./ingest-budget.ts";
import { JOB, type JobPayload, type JobQueue } from "./job-registry.ts";
import type { RateLimiter, RateLimitRule } from "./rate-limiter.ts";

export type AnalyticsForwardJob = JobPayload<"analytics_forward">;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A client flushes at most once a second (and on page hide), so a minute holds ~60 batches; an
 * address may hold many clients (a household, a carrier NAT).
 */
export const ANALYTICS_RATE_LIMITS = {
  batchesPerClient: { limit: 120, windowMs: MINUTE },
  batchesPerIp: { limit: 600, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** How long the forwarder waits for the third-party collector. */
const FORWARD_TIMEOUT_MS = 10_000;

export interface IngestContext {
  ip: string;
  userAgent: string | undefined;
  /** the signed-in sender, from the request's token; the batch's own user ids count only if they match */
  userId: string | null;
}

export interface FunnelCount {
  step: FunnelStep;
  event: string;
  /** distinct clients that reached this step and every earlier one */
  clients: number;
}

export interface AnalyticsServiceDeps {
  db: Kysely<Database>;
  rateLimiter: RateLimiter;
  /** the byte budgets batches spend; none: only the rate limits apply */
  budget?: IngestBudget | null;
  jobs: JobQueue;
  forwardUrl: string | undefined;
  now?: () => Date;
}

/** First-party analytics: storing what browsers send, forwarding it if configured, the funnel. */
export class AnalyticsService {
  readonly #deps: AnalyticsServiceDeps;
  readonly #events: AnalyticsEventRepository;
  readonly #budget: IngestBudget | null;
  readonly #now: () => Date;

  constructor(deps: AnalyticsServiceDeps) {
    this.#deps = deps;
    this.#events = new AnalyticsEventRepository(deps.db);
    this.#budget = deps.budget ?? null;
    this.#now = deps.now ?? (() => new Date());
  }

  /**
   * Stores a batch; answers how many events were kept (none for bot traffic). Over a limit or the
   * address's (or everyone's) byte budget: 429.
   */
  async ingest(batch: AnalyticsBatch, context: IngestContext): Promise<number> {
    if (isBotTraffic(context.userAgent)) return 0;
    await this.#deps.rateLimiter.consume(`analytics:ip:${context.ip}`, ANALYTICS_RATE_LIMITS.batchesPerIp);
    await this.#deps.rateLimiter.consume(
      `analytics:client:${batch.client_id}`,
      ANALYTICS_RATE_LIMITS.batchesPerClient,
    );
    await this.#budget?.spend(context.ip, Buffer.byteLength(JSON.stringify(batch.events)));
    const ids = await this.#events.insert(
      batch.events.map((event) => ({
        clientId: batch.client_id,
        sessionId: batch.session_id,
        userId: context.userId !== null && event.user_id === context.userId ? context.userId : null,
        event: event.event,
        props: event.props,
        occurredAt: new Date(event.at).toISOString(),
      })),
      this.#now().toISOString(),
    );
    if (this.#deps.forwardUrl) {
      await this.#deps.jobs.enqueue(JOB.analytics_forward, { eventIds: ids } satisfies AnalyticsForwardJob);
    }
    return ids.length;
  }

  /** Deletes the events received longer ago than the retention period; answers how many. */
  deleteExpired(): Promise<number> {
    const cutoff = new Date(this.#now().getTime() - ANALYTICS_INGEST_LIMITS.retentionDays * DAY);
    return this.#events.deleteReceivedBefore(cutoff.toISOString());
  }

  /** Sends stored events to the configured third-party collector; a failure is retried by the job. */
  async forward(job: AnalyticsForwardJob): Promise<void> {
    if (!this.#deps.forwardUrl) return;
    const rows = await this.#events.byIds(job.eventIds);
    if (rows.length === 0) return;
    const response = await fetch(this.#deps.forwardUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        events: rows.map((row) => ({
          event: row.event,
          props: JSON.parse(row.props) as unknown,
          client_id: row.client_id,
          session_id: row.session_id,
          user_id: row.user_id,
          at: row.occurred_at,
        })),
      }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`analytics forwarder: the collector answered ${response.status}`);
  }

  /** Distinct clients at each funnel step since the time, each counted only after every earlier step. */
  async funnel(since: Date): Promise<FunnelCount[]> {
    const pairs = await this.#events.clientsByEvent(
      FUNNEL_STEPS.map((step) => step.event),
      since.toISOString(),
    );
    const clientsOf = new Map<string, Set<string>>();
    for (const { event, client_id } of pairs) {
      const clients = clientsOf.get(event) ?? new Set<string>();
      clients.add(client_id);
      clientsOf.set(event, clients);
    }
    let reached: Set<string> | null = null;
    return FUNNEL_STEPS.map(({ step, event }) => {
      const atStep: Set<string> = clientsOf.get(event) ?? new Set<string>();
      const previous: Set<string> | null = reached;
      reached = previous ? new Set([...atStep].filter((client) => previous.has(client))) : atStep;
      return { step, event, clients: reached.size };
    });
  }
}
