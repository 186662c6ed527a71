import type { AdminJob, AdminProvider, AdminSystem } from "@reverie/shared";
import type { AppConfig } from "../../config.ts";
import type { JobRow } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import type { HealthCheck } from "../../lib/health-check.ts";
import type { PaymentProviders } from "../../providers/payments/index.ts";
import { healthReport } from "../health.ts";
import type { JobQueue } from "../job-registry.ts";
import type { LlmUsageService } from "../llm-usage.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";

/** Failed jobs the System screen lists. */
const RECENT_FAILURES = 20;

/** Which provider of each kind the configuration chose, by the names of the README's variables. */
export function activeProviders(
  config: Pick<AppConfig, "llm" | "image" | "tts" | "moderation" | "email">,
): Record<string, string> {
  return {
    llm: config.llm.baseUrl ? `openai-compatible (${config.llm.model ?? "model not set"})` : "persona-engine",
    image: config.image.provider,
    tts: config.tts.provider,
    moderation: config.moderation.provider === "rules" ? "rules" : `rules + ${config.moderation.provider}`,
    email: config.email.smtpUrl ? "smtp" : "outbox",
    media_storage: "disk",
  };
}

export function presentJob(row: JobRow): AdminJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    last_error: row.last_error,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface SystemStatusDeps {
  version: string;
  dialect: "sqlite" | "postgres";
  database: HealthCheck;
  checks: HealthCheck[];
  active: Record<string, string>;
  /** what falls short in production, by kind (config.ts productionWarnings) */
  warnings?: Record<string, string>;
  payments: PaymentProviders;
  jobs: JobQueue;
  audit: AuditLogService;
  /** the LLM's reported tokens per model and day */
  llmUsage: Pick<LlmUsageService, "recent">;
}

/**
 * The console's System screen (decision 32): the providers in use with the health report's own
 * checks (services/health.ts, the same ones /api/health runs), the payment providers, the job
 * queue's depth and failures through the JobQueue, the LLM's tokens per model and day (decision 48),
 * and an audited retry of a failed job.
 */
export class SystemStatus {
  readonly #deps: SystemStatusDeps;
  readonly #warnings: Record<string, string>;

  constructor(deps: SystemStatusDeps) {
    this.#deps = deps;
    this.#warnings = deps.warnings ?? {};
  }

  async status(): Promise<AdminSystem> {
    const [report, queue, llmUsage] = await Promise.all([
      healthReport({
        version: this.#deps.version,
        dialect: this.#deps.dialect,
        database: this.#deps.database,
        providers: this.#deps.checks,
      }),
      this.#deps.jobs.inspect({ failures: RECENT_FAILURES }),
      this.#deps.llmUsage.recent(),
    ]);
    const { dialect, ...database } = report.database;
    const providers: AdminProvider[] = [
      { kind: "database", active: dialect, health: database },
      ...Object.entries(report.providers).map(([kind, health]) => {
        const warning = this.#warnings[kind];
        return { kind, active: this.#deps.active[kind] ?? kind, health, ...(warning ? { warning } : {}) };
      }),
      // payment providers have no probe: what is configured, as it describes itself
      ...(["checkout", "popup"] as const).map((place) => ({
        kind: place === "checkout" ? "payments" : "payments_popup",
        active: this.#deps.payments[place].name,
        health: { status: "ok" as const, detail: `${this.#deps.payments[place].description} (not probed)` },
      })),
    ];
    return {
      version: report.version,
      uptime_seconds: report.uptime_seconds,
      providers,
      queue: {
        backend: queue.backend,
        counts: queue.counts,
        backend_counts: queue.backendCounts,
        recent_failures: queue.recentFailures.map(presentJob),
      },
      llm_usage: llmUsage,
    };
  }

  async retryJob(actor: AuditActor, id: number, reason: string | undefined): Promise<AdminJob> {
    const job = await this.#deps.jobs.retry(id);
    if (!job) throw new NotFoundError(`No failed job ${id}.`);
    await this.#deps.audit.record({
      actor,
      action: "job.retried",
      targetType: "job",
      targetId: String(id),
      before: { status: "failed" },
      after: { status: job.status, attempts: job.attempts },
      reason: reason ?? null,
    });
    return presentJob(job);
  }
}
