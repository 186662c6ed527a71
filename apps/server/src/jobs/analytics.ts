import type { JobHandler } from "../queue/job-queue.ts";
import type { AnalyticsForwardJob, AnalyticsService } from "../services/analytics.ts";

/** Forwards stored events to the third-party collector (ANALYTICS_FORWARD_URL), retried while it is down. */
export function analyticsForwardJobHandler(analytics: AnalyticsService): JobHandler<AnalyticsForwardJob> {
  return { maxAttempts: 5, run: (job) => analytics.forward(job) };
}
