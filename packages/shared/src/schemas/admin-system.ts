import { z } from "zod";
import { replayEventSchema, replaySummarySchema } from "./session-replays.ts";

const componentSchema = z.object({
  status: z.enum(["ok", "degraded", "down"]),
  detail: z.string(),
});

/** One outside service the app uses: which one is configured and how its health check answers. */
export const adminProviderSchema = z.object({
  kind: z.string().describe("llm, image, tts, moderation, payments, payments_popup, email, database…"),
  active: z.string().describe("which provider is configured, e.g. persona-engine, procedural, stripe"),
  health: componentSchema,
  /** a configuration that works but falls short in production, e.g. moderation by the rules alone */
  warning: z.string().optional(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const adminJobCountSchema = z.object({
  kind: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  count: z.number().int(),
});

export const adminJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/**
 * One model's usage on one UTC day, as its server reported it (decision 48): `replies` had their
 * tokens reported, `unreported` did not (their tokens are not estimated, nor counted).
 */
export const adminLlmUsageSchema = z.object({
  day: z.string().describe("YYYY-MM-DD, UTC"),
  model: z.string(),
  replies: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  unreported: z.number().int(),
});
export type AdminLlmUsage = z.infer<typeof adminLlmUsageSchema>;

/** GET /api/admin/system */
export const adminSystemSchema = z.object({
  version: z.string(),
  uptime_seconds: z.number(),
  providers: z.array(adminProviderSchema),
  queue: z.object({
    backend: z.enum(["database", "bullmq"]),
    /** jobs by kind and state, from the jobs table (both queues keep it) */
    counts: z.array(adminJobCountSchema),
    /** BullMQ's own counts (waiting, active, delayed, failed…); null for the database queue */
    backend_counts: z.record(z.string(), z.number().int()).nullable(),
    /** the newest jobs that failed for good */
    recent_failures: z.array(adminJobSchema),
  }),
  /** the LLM's tokens per model and day, the last 14 days, newest first */
  llm_usage: z.array(adminLlmUsageSchema),
});
export type AdminSystem = z.infer<typeof adminSystemSchema>;

export const adminJobIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/admin/jobs/:id/retry — a failed job runs again with a fresh set of attempts. */
export const adminJobRetryBodySchema = z.object({
  reason: z.string().trim().max(500).optional(),
});
export const adminJobRetryResponseSchema = z.object({ job: adminJobSchema });

/** GET /api/admin/replays?before&user_id&limit — the most recently uploaded first. */
export const adminReplaysQuerySchema = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
  user_id: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminReplaysQuery = z.input<typeof adminReplaysQuerySchema>;

export const adminReplayIdParamSchema = z.object({ id: z.string().min(1).max(100) });

export const adminReplayListSchema = z.object({
  items: z.array(replaySummarySchema),
  /** pass as `before` for older replays; null at the end */
  next_before: z.string().nullable(),
});
export type AdminReplayList = z.infer<typeof adminReplayListSchema>;

export const adminReplayEventsSchema = z.object({ events: z.array(replayEventSchema) });
export type AdminReplayEvents = z.infer<typeof adminReplayEventsSchema>;
