import type { AppConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { BullMqJobQueue } from "./bullmq-queue.ts";
import { DatabaseJobQueue, type JobQueue } from "./job-queue.ts";

/** BullMQ when Redis is configured (or JOB_QUEUE=bullmq), otherwise the database queue. */
export function createJobQueue(deps: {
  config: Pick<AppConfig, "jobQueue" | "redisUrl">;
  database: DatabaseHandle;
  log: { error(obj: object, msg: string): void };
}): JobQueue {
  const { db, dialect } = deps.database;
  const { jobQueue, redisUrl } = deps.config;
  if (jobQueue.kind === "database") return new DatabaseJobQueue(db, dialect, { log: deps.log });
  // the configuration refuses this too; a queue other than the one asked for would hide the mistake
  if (!redisUrl) throw new Error("JOB_QUEUE=bullmq needs REDIS_URL");
  return new BullMqJobQueue(db, dialect, { redisUrl, prefix: jobQueue.prefix, log: deps.log });
}
