import { Job, Queue, UnrecoverableError, WaitingError, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database, JobRow } from "../db/schema.ts";
import type { ComponentStatus } from "../lib/health-check.ts";
import { type JobIdentity, JobRepository } from "../repositories/jobs.ts";
import { bootInstance, endBoot, isDeadBootHere, newBoot } from "./boot.ts";
import {
  DEFAULT_JOB_CONCURRENCY,
  DEFAULT_SHUTDOWN_GRACE_MS,
  defaultBackoffMs,
  type FailureHook,
  failForGood,
  failureHook,
  failureReason,
  insertJob,
  type JobHandler,
  type JobKindOf,
  type JobLog,
  type JobQueue,
  type JobSchemas,
  type PayloadOf,
  parseStoredPayload,
  type QueueInspection,
  type RegisteredJob,
  RunningAttempts,
  readPayload,
  registerHandler,
  retryDelayMs,
  runAttempt,
  type SettledOptions,
  schemaOf,
} from "./job-queue.ts";

/** The BullMQ queue every instance sharing a database uses (keys: `<prefix>:jobs:…`). */
export const BULLMQ_QUEUE_NAME = "jobs";
/**
 * BullMQ refuses integer ids; ours are `job-<row id>-<run_at>`, so a second hand-over of a row is a
 * no-op, and a row of another database (or of this one before a reset) with the same id is not
 * taken for it: a row id alone repeats.
 */
const JOB_ID = /^job-(\d+)-(\d+)$/;
const BACKOFF_STRATEGY = "reverie";
/** Finished jobs stay a while so a late second hand-over of the same row is still recognised. */
const KEEP_COMPLETED = { age: 60 * 60, count: 10_000 };
const KEEP_FAILED = { age: 7 * 24 * 60 * 60 };
const DISPATCH_BATCH = 100;
/** How long a handed-over row waits for an attempt to start before it is handed over again. */
const HAND_OVER_LEASE_MS = 10 * 60_000;

export interface BullMqQueueOptions<Jobs extends JobSchemas> {
  /** the kinds this queue runs, with their payloads' schemas */
  kinds: Jobs;
  redisUrl: string;
  /** Redis key prefix; one per database: a worker only runs the jobs of its own database */
  prefix?: string;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  /** how long a worker's hold on a job lasts unless renewed; a dead worker's job runs again after it */
  lockMs?: number;
  /** how often workers look for jobs whose holder died */
  stalledCheckMs?: number;
  /** how often a started queue hands over committed jobs nobody handed over (their producer died) */
  sweepMs?: number;
  /** longest single wait on a pooled connection for an enqueuing transaction to end (then again) */
  commitWaitMs?: number;
  /**
   * how long a handed-over row waits for its next attempt to start (each start renews it); then
   * the sweep hands it over again, in case Redis lost the job (a duplicate is ignored by id)
   */
  handOverLeaseMs?: number;
  /** the machine's name in boot ids (queue/boot.ts); the host name unless given */
  instance?: string;
  log?: JobLog;
}

/** How long the health check waits for Redis to answer a PING. */
const REDIS_CHECK_TIMEOUT_MS = 1_000;

/**
 * The queue with Redis: BullMQ runs the jobs, the `jobs` table stays the transactional outbox.
 * `enqueue` only writes a row (in the caller's transaction); once that transaction has committed,
 * the row is handed to BullMQ under the id `job-<row id>-<run_at>`. A producer that dies before
 * handing over is covered by the sweep of started queues, and so is a job Redis lost (its row's
 * lease runs out); a second hand-over is deduplicated by the id.
 * Workers record each attempt's outcome on the row, which also makes failure hooks run once.
 */
export class BullMqJobQueue<Jobs extends JobSchemas> implements JobQueue<Jobs> {
  readonly #db: Kysely<Database>;
  readonly #dialect: "sqlite" | "postgres";
  readonly #outbox: JobRepository;
  readonly #kinds: Jobs;
  readonly #handlers = new Map<string, JobHandler<unknown>>();
  readonly #options: SettledOptions<BullMqQueueOptions<Jobs>>;
  /** this start of this process (queue/boot.ts), recorded on the rows whose attempts run here */
  readonly #boot: string;
  readonly #attempts = new RunningAttempts();
  /** Redis was lost since the connection was last ready: check what it still holds once it is back */
  #lostRedis = false;
  readonly #connection: Redis;
  readonly #queue: Queue;
  #workerConnection: Redis | undefined;
  #worker: Worker | undefined;
  #sweepTimer: NodeJS.Timeout | undefined;
  #sweep: Promise<void> | undefined;
  /** hand-overs and failure hooks under way in this process */
  readonly #inFlight = new Set<Promise<void>>();
  #closed = false;

  constructor(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: BullMqQueueOptions<Jobs>) {
    this.#db = db;
    this.#dialect = dialect;
    this.#outbox = new JobRepository(db, dialect);
    this.#kinds = options.kinds;
    this.#options = {
      redisUrl: options.redisUrl,
      prefix: options.prefix ?? "reverie",
      concurrency: options.concurrency ?? DEFAULT_JOB_CONCURRENCY,
      backoffMs: options.backoffMs ?? defaultBackoffMs,
      lockMs: options.lockMs ?? 30_000,
      stalledCheckMs: options.stalledCheckMs ?? 30_000,
      sweepMs: options.sweepMs ?? 1_000,
      commitWaitMs: options.commitWaitMs ?? 1_000,
      handOverLeaseMs: options.handOverLeaseMs ?? HAND_OVER_LEASE_MS,
      log: options.log,
    };
    this.#connection = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 3,
      // named, so an operator (or a test) can tell this instance's producer connection in CLIENT LIST
      connectionName: `${this.#options.prefix}:producer:${process.pid}`,
    });
    this.#queue = new Queue(BULLMQ_QUEUE_NAME, {
      connection: this.#connection,
      prefix: this.#options.prefix,
    });
    this.#queue.on("error", (error) =>
      this.#options.log?.error({ err: error }, "job queue connection error"),
    );
    this.#boot = newBoot(options.instance);
    // Redis back after an outage (a restart may have lost jobs): hand over again the rows whose job it lost
    this.#connection.on("close", () => {
      if (!this.#closed) this.#lostRedis = true;
    });
    this.#connection.on("ready", () => {
      if (!this.#lostRedis || this.#closed) return;
      this.#lostRedis = false;
      this.#track(this.#handOverLost(), "could not hand over the jobs Redis lost");
    });
  }

  /** Redis answers a PING within a second: ok; else down (jobs wait in the table meanwhile). */
  async check(): Promise<ComponentStatus> {
    const detail = `Redis ${describeRedis(this.#options.redisUrl)}, prefix ${this.#options.prefix}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.#connection.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("no answer within a second")), REDIS_CHECK_TIMEOUT_MS);
        }),
      ]);
      return { status: "ok", detail };
    } catch (error) {
      return {
        status: "down",
        detail: `${detail}: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  register<K extends JobKindOf<Jobs>>(kind: K, handler: JobHandler<PayloadOf<Jobs, K>>): void {
    registerHandler(this.#kinds, this.#handlers, kind, handler);
  }

  async enqueue<K extends JobKindOf<Jobs>>(
    kind: K,
    payload: z.input<Jobs[K]>,
    options: { db?: Kysely<Database>; delayMs?: number } = {},
  ) {
    const db = options.db ?? this.#db;
    const id = await insertJob(
      new JobRepository(db, this.#dialect),
      this.#handlers,
      { kind, payload, delayMs: options.delayMs },
      db.isTransaction,
    );
    this.#track(this.#handOverOnceCommitted(id, db.isTransaction), "could not hand a job to the queue");
    return id;
  }

  start(): void {
    if (this.#worker || this.#closed) return;
    // a worker blocks on Redis while it waits for jobs, so it needs connections without a retry limit
    this.#workerConnection = new Redis(this.#options.redisUrl, { maxRetriesPerRequest: null });
    this.#worker = new Worker(BULLMQ_QUEUE_NAME, (job, token) => this.#process(job, token), {
      connection: this.#workerConnection,
      prefix: this.#options.prefix,
      concurrency: this.#options.concurrency,
      lockDuration: this.#options.lockMs,
      stalledInterval: this.#options.stalledCheckMs,
      maxStalledCount: 2,
      settings: {
        backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) =>
          retryDelayMs(error, attemptsMade, this.#options.backoffMs),
      },
    });
    this.#worker.on("error", (error) => this.#options.log?.error({ err: error }, "job worker error"));
    // failures BullMQ decides without running our processor (a job whose workers kept dying)
    this.#worker.on("failed", (job, error) => {
      if (job) this.#track(this.#afterFailure(job, error), "job failure hook failed");
    });
    this.#track(this.#takeBackFromDeadBoots(), "could not take back the jobs of dead earlier runs");
    this.#scheduleSweep(0);
  }

  /** Stops taking jobs, waits for running ones and hand-overs, and closes the Redis connections. */
  async stop(options: { graceMs?: number } = {}): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#sweepTimer);
    await this.#sweep;
    // running jobs get a grace period, then are aborted and put back in the queue (not counted as attempts)
    await Promise.all([
      this.#worker?.close(),
      this.#attempts.drain(options.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS),
    ]);
    endBoot(this.#boot);
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
    await this.#queue.close();
    await Promise.allSettled([this.#connection.quit(), this.#workerConnection?.quit()]);
  }

  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // the order matters: a row is handed over before it is marked, so it is always counted somewhere
    while (
      this.#inFlight.size > 0 ||
      (await this.#outbox.countAwaitingDispatch(Date.now())) > 0 ||
      (await this.#queue.getJobCountByTypes(
        "waiting",
        "active",
        "delayed",
        "prioritized",
        "waiting-children",
      )) > 0
    ) {
      if (Date.now() > deadline) throw new Error("the job queue did not become idle in time");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async inspect(options: { failures: number }): Promise<QueueInspection> {
    const [counts, recentFailures, backendCounts] = await Promise.all([
      this.#outbox.countByKindAndStatus(),
      this.#outbox.recentFailures(options.failures),
      this.#queue.getJobCounts(),
    ]);
    return { backend: "bullmq", counts, backendCounts, recentFailures };
  }

  async retry(id: number): Promise<JobRow | null> {
    const job = await this.#outbox.requeueFailed(id, Date.now());
    if (!job) return null;
    // a new run_at makes a new BullMQ id: the failed job BullMQ keeps does not block it
    await this.#handOverOnceCommitted(id, false);
    return job;
  }

  #track(work: Promise<void>, failure: string): void {
    const tracked = work
      .catch((error: unknown) => this.#options.log?.error({ err: error }, failure))
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  async #handOverOnceCommitted(id: number, inTransaction: boolean): Promise<void> {
    // short waits, so a long transaction does not keep a pooled connection; if this instance
    // closes first, the sweep of a running worker hands the row over
    while (inTransaction && !(await this.#outbox.waitForEnqueueToEnd(id, this.#options.commitWaitMs))) {
      if (this.#closed) return;
    }
    const row = await this.#outbox.findById(id);
    // rolled back: there is no job; already handed over: nothing to do
    if (row?.status === "queued") await this.#handOver([row]);
  }

  async #handOver(rows: readonly JobRow[], options: { markedAlready?: boolean } = {}): Promise<void> {
    await this.#queue.addBulk(
      rows.map((row) => ({
        name: row.kind,
        // a payload that is not JSON goes as its text: its attempt refuses it and fails the job
        data: parseStoredPayload(row.payload),
        opts: {
          jobId: `job-${row.id}-${row.run_at}`,
          attempts: row.max_attempts,
          backoff: { type: BACKOFF_STRATEGY },
          delay: Math.max(0, row.run_at - Date.now()),
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: KEEP_FAILED,
        },
      })),
    );
    if (options.markedAlready) return;
    await this.#outbox.markDispatched(
      rows.map((row) => row.id),
      Date.now(),
      this.#options.handOverLeaseMs,
    );
  }

  /**
   * The jobs a dead earlier run of this process held (same machine, its process gone) go back to
   * BullMQ's wait list at once, rather than after its lock and stall check (decision 39); a row
   * whose job Redis no longer has is handed over again by the sweep (its lease ended).
   */
  async #takeBackFromDeadBoots(): Promise<void> {
    const instance = bootInstance(this.#boot);
    const dead = (await this.#outbox.bootsHoldingJobs()).filter((boot) => isDeadBootHere(boot, instance));
    const released = await this.#outbox.releaseBoots(dead);
    for (const row of released) {
      const id = `job-${row.id}-${row.run_at}`;
      const job = await Job.fromId(this.#queue, id);
      if (!job || (await job.getState()) !== "active") continue;
      // the dead worker's lock, so BullMQ lets go of it
      const token = await this.#connection.get(`${this.#queue.toKey(id)}:lock`);
      await job.moveToWait(token ?? "0").catch((error: unknown) => {
        this.#options.log?.error({ err: error, jobId: row.id }, "could not put a dead run's job back");
      });
    }
    if (released.length > 0) {
      this.#options.log?.error(
        { jobs: released.map((row) => row.id), boots: dead },
        "took back the jobs a dead earlier run held",
      );
    }
  }

  /** Rows BullMQ should run whose job Redis no longer has (it restarted without them): handed over again. */
  async #handOverLost(): Promise<void> {
    const running = await this.#outbox.findRunning();
    if (running.length === 0) return;
    const pipeline = this.#connection.pipeline();
    for (const row of running) pipeline.exists(this.#queue.toKey(`job-${row.id}-${row.run_at}`));
    const found = (await pipeline.exec()) ?? [];
    const lost = running.filter((_, index) => found[index]?.[1] === 0);
    for (let start = 0; start < lost.length; start += DISPATCH_BATCH) {
      const batch = lost.slice(start, start + DISPATCH_BATCH);
      // marked before BullMQ has them: these rows are still held by the attempt Redis lost, and a
      // worker that took the new job before the mark would leave it alone as that attempt's copy
      await this.#outbox.markDispatched(
        batch.map((row) => row.id),
        Date.now(),
        this.#options.handOverLeaseMs,
      );
      await this.#handOver(batch, { markedAlready: true });
    }
    if (lost.length > 0)
      this.#options.log?.error({ jobs: lost.map((row) => row.id) }, "handed over again the jobs Redis lost");
  }

  #scheduleSweep(delayMs: number): void {
    if (this.#closed) return;
    this.#sweepTimer = setTimeout(() => {
      this.#sweep = this.#sweepOnce()
        .catch((error: unknown) => {
          this.#options.log?.error({ err: error }, "could not hand waiting jobs to the queue");
          return false;
        })
        .then((more) => this.#scheduleSweep(more ? 0 : this.#options.sweepMs));
    }, delayMs);
  }

  /** Hands over committed rows nobody handed over, or whose lease ran out; true when there may be more. */
  async #sweepOnce(): Promise<boolean> {
    const rows = await this.#outbox.findAwaitingDispatch(Date.now(), DISPATCH_BATCH);
    if (rows.length > 0) await this.#handOver(rows);
    return rows.length === DISPATCH_BATCH;
  }

  async #process(job: Job, token: string | undefined): Promise<void> {
    const row = jobIdentity(job);
    const attempt = job.attemptsMade + 1;
    const leaseUntil = Date.now() + this.#options.handOverLeaseMs;
    // a job that already ended is not run again (its worker died after recording the end)
    if (!row || !(await this.#outbox.begin(row, attempt, leaseUntil, this.#boot))) {
      if (!row || !(await this.#outbox.findJob(row))) {
        this.#options.log?.error(
          { bullJobId: job.id, kind: job.name },
          "a job of another database (or of this one before a reset) was left alone: use a JOB_QUEUE_PREFIX of its own per database",
        );
      }
      return;
    }
    const result = await this.#attempts.track((controller) =>
      runAttempt(
        this.#registered(job.name),
        {
          row,
          id: row.id,
          kind: job.name,
          payload: () => job.data as unknown,
          attempt,
          maxAttempts: job.opts.attempts ?? 1,
        },
        this.#outbox,
        this.#options.log,
        controller,
      ),
    );
    if (result.outcome === "abandoned") {
      // back to the wait list as it is: the next worker runs the same attempt
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (result.outcome === "retry") {
      await this.#outbox.recordError(row.id, failureReason(result.error));
      // BullMQ tries again after the backoff
      throw result.error instanceof Error ? result.error : new Error(failureReason(result.error));
    }
    if (result.outcome === "failed") throw new UnrecoverableError(failureReason(result.error));
  }

  async #afterFailure(job: Job, error: Error): Promise<void> {
    const row = jobIdentity(job);
    const final = error.name === "UnrecoverableError" || job.attemptsMade >= (job.opts.attempts ?? 1);
    // the processor recorded its own final failures already, so this finds nothing left to do
    if (row && final) {
      const failed = { row, id: row.id, kind: job.name };
      await failForGood(this.#failureHook(job), failed, error, this.#outbox, this.#options.log);
    }
  }

  #registered(kind: string): RegisteredJob {
    return { schema: schemaOf(this.#kinds, kind), handler: this.#handlers.get(kind) };
  }

  /** The failure hook of a job BullMQ failed by itself: none when its payload cannot be read. */
  #failureHook(job: Job): FailureHook | undefined {
    const { schema, handler } = this.#registered(job.name);
    if (!schema || !handler) return undefined;
    try {
      return failureHook(
        handler,
        readPayload(job.name, schema, () => job.data as unknown),
      );
    } catch (error) {
      this.#options.log?.error(
        { err: error, kind: job.name },
        "a failed job's payload is not valid: no failure hook",
      );
      return undefined;
    }
  }
}

/** The row a BullMQ job stands for (undefined for an id this queue does not give). */
function jobIdentity(job: Job): JobIdentity | undefined {
  const match = JOB_ID.exec(job.id ?? "");
  if (!match) return undefined;
  return { id: Number(match[1]), kind: job.name, runAt: Number(match[2]) };
}

/** Redis's address without credentials, for the health report. */
function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "(unparsable URL)";
  }
}
