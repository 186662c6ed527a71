import type { AppConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { BullMqJobQueue } from "./bullmq-queue.ts";
import { DatabaseJobQueue, type JobQueue, type JobSchemas } from "./job-queue.ts";

/**
 * BullMQ when Redis is configured (or JOB_QUEUE=bullmq), otherwise the database queue; either runs
 * the kinds of `kinds` (the app's: services/job-registry.ts).
 */
export function createJobQueue<Jobs extends JobSchemas>(deps: {
  config: Pick<AppConfig, "jobQueue" | "redisUrl">;
  database: DatabaseHandle;
  kinds: Jobs;
  log: { error(obj: object, msg: string): void };
}): JobQueue<Jobs> {
  const { db, dialect } = deps.database;
  const { jobQueue, redisUrl } = deps.config;
  const { kinds, log } = deps;
  if (jobQueue.kind === "database") return new DatabaseJobQueue(db, dialect, { kinds, log });
  // the configuration refuses this too; a queue other than the one asked for would hide the mistake
  if (!redisUrl) throw new Error("JOB_QUEUE=bullmq needs REDIS_URL");
  return new BullMqJobQueue(db, dialect, { kinds, redisUrl, prefix: jobQueue.prefix, log });
}
