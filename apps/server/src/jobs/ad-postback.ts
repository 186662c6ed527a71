import type { JobHandler } from "../queue/job-queue.ts";
import type { AdPostbackJob, AttributionService } from "../services/attribution.ts";

/**
 * Sends one conversion to the ad tracker (AD_POSTBACK_URL), retried with the queue's backoff while
 * it is down; after the last attempt the postback is recorded as failed.
 */
export function adPostbackJobHandler(attribution: AttributionService): JobHandler<AdPostbackJob> {
  return {
    maxAttempts: 8,
    run: (job) => attribution.deliverPostback(job),
    onFailed: (job, error) => attribution.postbackFailed(job, error),
  };
}
