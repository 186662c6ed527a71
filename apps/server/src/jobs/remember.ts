import type { JobHandler } from "../queue/job-queue.ts";
import type { MemoryService, RememberJob } from "../services/memory/memory-service.ts";

/** One extraction waits at most this long for the model. */
const REMEMBER_DEADLINE_MS = 90_000;

/**
 * Learns what the character should remember from one exchange (decision 45). Nothing was paid for
 * it and the reply is already with the user, so a failure costs only this one lesson: two tries,
 * and no failure hook (nothing to refund, nobody to tell).
 */
export function rememberJobHandler(deps: { memory: MemoryService }): JobHandler<RememberJob> {
  return {
    maxAttempts: 2,
    deadlineMs: REMEMBER_DEADLINE_MS,
    async run(job, context) {
      await deps.memory.learnFromExchange(job, context.signal);
    },
  };
}
