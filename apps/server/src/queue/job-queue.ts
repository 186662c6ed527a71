import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database, JobRow } from "../db/schema.ts";
import type { ComponentStatus } from "../lib/health-check.ts";
import { type JobIdentity, JobRepository } from "../repositories/jobs.ts";
import { bootInstance, endBoot, isDeadBootHere, newBoot } from "./boot.ts";

export interface JobContext {
  jobId: number;
  attempt: number;
  /** the attempt is the job's last one: a failure now is final */
  lastAttempt: boolean;
  /**
   * Aborted when the attempt passes the handler's deadline or the queue shuts down past its grace
   * period: stop work (close streams) at once. The attempt ends then whether or not the handler does.
   */
  signal?: AbortSignal;
  /** when the handler's deadline aborts the attempt (epoch ms), for work that plans its waits */
  deadlineAt?: number;
}

/**
 * Registers a handler for a kind of the registry: the payloads it is given have passed the kind's
 * schema. A kind the registry lacks is refused (nothing could read its payloads).
 */
export function registerHandler<Jobs extends JobSchemas, K extends JobKindOf<Jobs>>(
  kinds: Jobs,
  handlers: Map<string, JobHandler<unknown>>,
  kind: K,
  handler: JobHandler<PayloadOf<Jobs, K>>,
): void {
  if (!Object.hasOwn(kinds, kind)) throw new Error(`job kind ${kind} is not in the queue's registry`);
  handlers.set(kind, handler as JobHandler<unknown>);
}

/**
 * Writes the row of a job of a registered kind (as many attempts as its handler allows, due after
 * `delayMs`) through `jobs`, the repository of the caller's transaction or the queue's; its id.
 */
export async function insertJob(
  jobs: JobRepository,
  handlers: ReadonlyMap<string, JobHandler<unknown>>,
  job: { kind: string; payload: unknown; delayMs?: number | undefined },
  holdUntilCommit: boolean,
): Promise<number> {
  const handler = handlers.get(job.kind);
  if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
  return jobs.insert(
    {
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      maxAttempts: handler.maxAttempts,
      runAt: Date.now() + (job.delayMs ?? 0),
    },
    { holdUntilCommit },
  );
}

export interface JobHandler<Payload> {
  /** tries before the job counts as failed */
  maxAttempts: number;
  run(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Longest an attempt may take: then its signal is aborted and the attempt fails with a retryable
   * `JobDeadlineError` (a stream that only sends keep-alives must not hold a job forever)
   */
  deadlineMs?: number;
  /** after the last attempt failed: undo what the job was paid for, tell the user */
  onFailed?(payload: Payload, error: unknown): Promise<void>;
}

/**
 * The jobs a queue runs: each kind with the schema its payload passes when a job is read, before
 * its handler runs. The queue knows no job itself; the app gives it its registry
 * (services/job-registry.ts).
 */
export type JobSchemas = Readonly<Record<string, z.ZodType>>;

/** The kinds of a registry. */
export type JobKindOf<Jobs extends JobSchemas> = keyof Jobs & string;

/** What a handler of `kind` receives: the payload as its schema reads it. */
export type PayloadOf<Jobs extends JobSchemas, K extends keyof Jobs> = z.output<Jobs[K]>;

/** Where slow work goes: durable, retried, and finished even when a worker dies mid-way. */
export interface JobQueue<Jobs extends JobSchemas> {
  /**
   * Adds a job of a registered kind with the payload its schema takes; pass the transaction to add
   * it together with the rows it belongs to.
   */
  enqueue<K extends JobKindOf<Jobs>>(
    kind: K,
    payload: z.input<Jobs[K]>,
    options?: { db?: Kysely<Database>; delayMs?: number },
  ): Promise<number>;
  register<K extends JobKindOf<Jobs>>(kind: K, handler: JobHandler<PayloadOf<Jobs, K>>): void;
  start(): void;
  /**
   * Stops taking jobs and waits for running ones, at most `graceMs` (default 5 s): then their
   * signals are aborted and they are left to be retried (another worker, or this one's next start,
   * takes them at once).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Resolves once nothing is queued or running (tests and graceful shutdown). */
  idle(timeoutMs?: number): Promise<void>;
  /** What waits, runs and failed (the admin console's System screen). */
  inspect(options: { failures: number }): Promise<QueueInspection>;
  /**
   * Runs a job that failed for good again, with a fresh set of attempts: the row then, or null
   * when it is not a failed job. Failure hooks are idempotent (ledger references), so failing
   * again gives nothing back twice.
   */
  retry(id: number): Promise<JobRow | null>;
  /** The queue's own service (Redis for BullMQ), for the health report; none for the database queue. */
  check?(): Promise<ComponentStatus>;
}

export interface QueueInspection {
  backend: "database" | "bullmq";
  /** jobs by kind and state, from the jobs table (both queues keep it) */
  counts: { kind: string; status: JobRow["status"]; count: number }[];
  /** the backend's own counts (BullMQ: waiting, active, delayed, failed…); null for the database */
  backendCounts: Record<string, number> | null;
  recentFailures: JobRow[];
}

export type JobLog = { error(obj: object, msg: string): void };

export interface Attempt {
  /** the job's row: its id, or its whole identity when the job came from outside the database */
  row: number | JobIdentity;
  id: number;
  kind: string;
  /** reads the stored payload (JSON text the database queue parses; BullMQ's data); may throw */
  payload: () => unknown;
  attempt: number;
  maxAttempts: number;
}

/** A kind as one queue knows it: the schema of its payload and the handler registered for it. */
export interface RegisteredJob {
  schema: z.ZodType | undefined;
  handler: JobHandler<unknown> | undefined;
}

export type AttemptOutcome =
  | { outcome: "done" }
  | { outcome: "retry" | "failed"; error: unknown }
  /** the queue shut down while it ran: neither a success nor a failure, it runs again */
  | { outcome: "abandoned" };

/** How long a stopping queue lets running jobs finish before it abandons them to be retried. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;

/** An attempt ran past its handler's deadline; another attempt may do better. */
export class JobDeadlineError extends Error {
  readonly retryable = true;
  constructor(deadlineMs: number) {
    super(`the attempt did not finish within its deadline of ${Math.round(deadlineMs / 1000)} s`);
    this.name = "JobDeadlineError";
  }
}

/**
 * A job's stored payload does not pass its kind's schema (or is not JSON): no attempt can fix it,
 * so the job fails at once, its handler never called, not even its failure hook (it would be
 * given a payload it cannot read).
 */
export class InvalidJobPayloadError extends Error {
  readonly retryable = false;
  constructor(kind: string, reason: string) {
    super(`the payload of this ${kind} job is not valid: ${reason}`);
    this.name = "InvalidJobPayloadError";
  }
}

/** The payload as the kind's schema reads it; an InvalidJobPayloadError when it cannot. */
export function readPayload(kind: string, schema: z.ZodType, read: () => unknown): unknown {
  let stored: unknown;
  try {
    stored = read();
  } catch (error) {
    throw new InvalidJobPayloadError(kind, failureReason(error));
  }
  const parsed = schema.safeParse(stored);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(payload)"}: ${issue.message}`)
      .join("; ");
    throw new InvalidJobPayloadError(kind, reason);
  }
  return parsed.data;
}

/** The schema of a kind of the registry; undefined for a kind it does not have. */
export function schemaOf(kinds: JobSchemas, kind: string): z.ZodType | undefined {
  return Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
}

/** Parses a stored payload, or keeps the text as it is (then its schema refuses it when it is read). */
export function parseStoredPayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The reason a shutting-down queue aborts the attempts still running. */
export class JobAbandonedError extends Error {
  constructor() {
    super("the worker shut down while the attempt ran; it runs again");
    this.name = "JobAbandonedError";
  }
}

/**
 * The attempts running in one queue, each with the controller that aborts it: a queue that stops
 * waits for them for a grace period, then aborts the rest.
 */
export class RunningAttempts {
  readonly #running = new Map<AbortController, Promise<unknown>>();

  get size(): number {
    return this.#running.size;
  }

  /** Runs `work` with a controller of its own, tracked until it ends. */
  track<T>(work: (controller: AbortController) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const running = work(controller).finally(() => this.#running.delete(controller));
    this.#running.set(controller, running);
    return running;
  }

  /** Waits up to `graceMs` for every attempt to end, then aborts the rest and waits for them to end. */
  async drain(graceMs: number): Promise<void> {
    if (this.#running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.#running.values()]), graceOver]);
    clearTimeout(timer);
    for (const controller of this.#running.keys()) controller.abort(new JobAbandonedError());
    await Promise.allSettled([...this.#running.values()]);
  }
}

/**
 * Runs one attempt of a job, for either queue: success marks the row done; a failure another
 * attempt may fix is returned for the queue to schedule it; the final one fails the job for good.
 */
export async function runAttempt(
  job: RegisteredJob,
  attempt: Attempt,
  jobs: JobRepository,
  log: JobLog | undefined,
  controller: AbortController = new AbortController(),
): Promise<AttemptOutcome> {
  const { handler, schema } = job;
  const lastAttempt = attempt.attempt >= attempt.maxAttempts;
  const { signal } = controller;
  const deadlineMs = handler?.deadlineMs;
  const startedAt = Date.now();
  const deadline =
    deadlineMs === undefined
      ? undefined
      : setTimeout(() => controller.abort(new JobDeadlineError(deadlineMs)), deadlineMs);
  /** the failure hook, once the payload has been read as its schema says */
  let onFailed: FailureHook | undefined;
  try {
    if (!handler || !schema) throw new Error(`no handler for job kind ${attempt.kind}`);
    const payload = readPayload(attempt.kind, schema, attempt.payload);
    onFailed = failureHook(handler, payload);
    const run = handler.run(payload, {
      jobId: attempt.id,
      attempt: attempt.attempt,
      lastAttempt,
      signal,
      ...(deadlineMs === undefined ? {} : { deadlineAt: startedAt + deadlineMs }),
    });
    // the attempt ends when its signal is aborted, even if the handler does not listen to it (a
    // late result is harmless: answers are stored once)
    const stopped = aborted(signal);
    // whichever loses the race must not become an unhandled rejection
    run.catch(() => undefined);
    stopped.catch(() => undefined);
    await Promise.race([run, stopped]);
  } catch (error) {
    if (signal.reason instanceof JobAbandonedError) {
      log?.error({ jobId: attempt.id, kind: attempt.kind }, "job abandoned at shutdown; it runs again");
      return { outcome: "abandoned" };
    }
    if (!lastAttempt && !isPermanentFailure(error) && handler) return { outcome: "retry", error };
    await failForGood(onFailed, attempt, error, jobs, log);
    return { outcome: "failed", error };
  } finally {
    clearTimeout(deadline);
  }
  await jobs.complete(attempt.id);
  return { outcome: "done" };
}

/** What runs after a job's final failure, with its payload already read. */
export type FailureHook = (error: unknown) => Promise<void>;

/** The handler's failure hook for this payload, if it has one. */
export function failureHook(
  handler: JobHandler<unknown> | undefined,
  payload: unknown,
): FailureHook | undefined {
  const onFailed = handler?.onFailed;
  return onFailed ? (error) => onFailed.call(handler, payload, error) : undefined;
}

/** Rejects with the signal's reason once it is aborted. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * Marks the job failed and runs the handler's failure hook, only if this call is the one that
 * ended the job: a second run of the same job (a worker thought dead, a queue reporting the failure
 * again) must not refund or notify twice.
 */
export async function failForGood(
  onFailed: FailureHook | undefined,
  job: Pick<Attempt, "row" | "id" | "kind">,
  error: unknown,
  jobs: JobRepository,
  log: JobLog | undefined,
): Promise<void> {
  if (!(await jobs.failOnce(job.row, failureReason(error)))) return;
  log?.error({ err: error, jobId: job.id, kind: job.kind }, "job failed for good");
  await onFailed?.(error).catch((hookError: unknown) => {
    log?.error({ err: hookError, jobId: job.id, kind: job.kind }, "job failure hook failed");
  });
}

/**
 * A queue's options as it keeps them: every setting filled in with its default, `log` still
 * optional, and `kinds` and `instance` kept apart.
 */
export type SettledOptions<Options extends { log?: JobLog | undefined }> = Required<
  Omit<Options, "log" | "instance" | "kinds">
> &
  Pick<Options, "log">;

export interface DatabaseQueueOptions<Jobs extends JobSchemas> {
  /** the kinds this queue runs, with their payloads' schemas */
  kinds: Jobs;
  pollMs?: number;
  /**
   * how long a claimed job is reserved; renewed while it runs, so a job is taken again only after
   * its worker died
   */
  leaseMs?: number;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  /** the machine's name in boot ids (queue/boot.ts); the host name unless given */
  instance?: string;
  log?: JobLog;
}

/**
 * Jobs one worker runs at once. A reply spends nearly all its time waiting for the model's stream,
 * so a low limit queues users behind each other (4 answered ~25 replies/s for 50 chatting users and
 * each waited over a second for typing); CPU-heavy steps wait in libuv's thread pool, not here.
 */
export const DEFAULT_JOB_CONCURRENCY = 64;

/** Jobs one claim takes at most: a burst is shared between workers rather than taken by the first. */
const CLAIM_BATCH = 8;

/** Wait before the next try: 0.5 s, 1 s, 2 s … up to 30 s. */
export const defaultBackoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** (attempt - 1));

/** The longest a server's Retry-After holds a job back; a longer ask is cut to this. */
export const MAX_RETRY_AFTER_DELAY_MS = 5 * 60_000;

/**
 * Wait before the next try: the backoff, or longer when the error carries how long the server
 * asked to be left alone (`retryAfterMs`, from a 429 or 503's Retry-After; decision 48).
 */
export function retryDelayMs(
  error: unknown,
  attempt: number,
  backoffMs: (attempt: number) => number,
): number {
  const backoff = backoffMs(attempt);
  const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  if (typeof asked !== "number" || !Number.isFinite(asked)) return backoff;
  return Math.max(backoff, Math.min(asked, MAX_RETRY_AFTER_DELAY_MS));
}

/** An error that says retrying cannot help (a rejected API key, an unknown model) ends the job at once. */
export function isPermanentFailure(error: unknown): boolean {
  return (error as { retryable?: unknown } | null)?.retryable === false;
}

export function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The default queue: jobs are rows in the database, so they survive restarts; a poll loop (woken
 * at once by enqueues in this process) claims due jobs with one atomic statement.
 */
export class DatabaseJobQueue<Jobs extends JobSchemas> implements JobQueue<Jobs> {
  readonly #dialect: "sqlite" | "postgres";
  readonly #jobs: JobRepository;
  readonly #kinds: Jobs;
  readonly #handlers = new Map<string, JobHandler<unknown>>();
  readonly #options: SettledOptions<DatabaseQueueOptions<Jobs>>;
  /** this start of this process (queue/boot.ts), recorded on the jobs it claims */
  readonly #boot: string;
  readonly #attempts = new RunningAttempts();
  #running = false;
  #active = 0;
  #timer: NodeJS.Timeout | undefined;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #wakeRequested = false;

  constructor(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: DatabaseQueueOptions<Jobs>) {
    this.#dialect = dialect;
    this.#jobs = new JobRepository(db, dialect);
    this.#kinds = options.kinds;
    this.#options = {
      pollMs: options.pollMs ?? 500,
      leaseMs: options.leaseMs ?? 60_000,
      concurrency: options.concurrency ?? DEFAULT_JOB_CONCURRENCY,
      backoffMs: options.backoffMs ?? defaultBackoffMs,
      log: options.log,
    };
    this.#boot = newBoot(options.instance);
  }

  register<K extends JobKindOf<Jobs>>(kind: K, handler: JobHandler<PayloadOf<Jobs, K>>): void {
    registerHandler(this.#kinds, this.#handlers, kind, handler);
  }

  async enqueue<K extends JobKindOf<Jobs>>(
    kind: K,
    payload: z.input<Jobs[K]>,
    options: { db?: Kysely<Database>; delayMs?: number } = {},
  ) {
    const inTransaction = options.db?.isTransaction ?? false;
    const jobs = options.db ? new JobRepository(options.db, this.#dialect) : this.#jobs;
    const id = await insertJob(
      jobs,
      this.#handlers,
      { kind, payload, delayMs: options.delayMs },
      inTransaction && this.#running,
    );
    if (inTransaction && this.#running) {
      // a claim sees the job only once its transaction commits: woken now, the loop would miss it
      // on Postgres and wait a whole poll interval (SQLite's one connection makes the claim wait)
      void this.#jobs.waitForEnqueueToEnd(id, this.#options.pollMs).then(
        () => this.#wakeUp(),
        (error: unknown) => this.#options.log?.error({ err: error }, "could not wait for a job's commit"),
      );
    } else queueMicrotask(() => this.#wakeUp());
    return id;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(options: { graceMs?: number } = {}): Promise<void> {
    this.#running = false;
    this.#wakeUp();
    // running jobs get a grace period, then are aborted and given back to the queue
    await this.#attempts.drain(options.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
    await this.#loop;
    endBoot(this.#boot);
  }

  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#active > 0 || (await this.#jobs.countActive()) > 0) {
      if (Date.now() > deadline) throw new Error("the job queue did not become idle in time");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async inspect(options: { failures: number }): Promise<QueueInspection> {
    const [counts, recentFailures] = await Promise.all([
      this.#jobs.countByKindAndStatus(),
      this.#jobs.recentFailures(options.failures),
    ]);
    return { backend: "database", counts, backendCounts: null, recentFailures };
  }

  async retry(id: number): Promise<JobRow | null> {
    const job = await this.#jobs.requeueFailed(id, Date.now());
    if (!job) return null;
    this.#wakeUp();
    return job;
  }

  async #run(): Promise<void> {
    await this.#takeBackFromDeadBoots();
    while (this.#running) {
      // this round's claims see every job committed so far
      this.#wakeRequested = false;
      while (this.#running && this.#active < this.#options.concurrency) {
        const free = Math.min(this.#options.concurrency - this.#active, CLAIM_BATCH);
        const jobs = await this.#jobs
          .claimMany(Date.now(), this.#options.leaseMs, free, this.#boot)
          .catch((error: unknown) => {
            this.#options.log?.error({ err: error }, "could not claim a job");
            return [];
          });
        for (const job of jobs) {
          this.#active++;
          void this.#execute(job).finally(() => {
            // a job that waited for a free slot can be claimed now
            if (this.#active-- === this.#options.concurrency) this.#wakeUp();
          });
        }
        // fewer than asked: none other is due, so no empty claim follows every job
        if (jobs.length < free) break;
      }
      if (!this.#running) break;
      // nothing more is due or every slot is taken: an enqueue, a commit or a free slot wakes the loop
      await this.#sleep(this.#options.pollMs);
    }
    while (this.#active > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /**
   * The jobs a dead earlier run of this process (same machine, its process gone) held are due at
   * once, not when their lease ends: a restart after a crash answers in seconds (decision 39).
   */
  async #takeBackFromDeadBoots(): Promise<void> {
    try {
      const instance = bootInstance(this.#boot);
      const dead = (await this.#jobs.bootsHoldingJobs()).filter((boot) => isDeadBootHere(boot, instance));
      const released = await this.#jobs.releaseBoots(dead);
      if (released.length > 0) {
        this.#options.log?.error(
          { jobs: released.map((job) => job.id), boots: dead },
          "took back the jobs a dead earlier run held",
        );
      }
    } catch (error) {
      // their leases still run out
      this.#options.log?.error({ err: error }, "could not take back the jobs of dead earlier runs");
    }
  }

  /** Ends the loop's sleep; while it is claiming, its next one (those claims may have run too early). */
  #wakeUp(): void {
    if (this.#wake) this.#wake();
    else this.#wakeRequested = true;
  }

  #sleep(ms: number): Promise<void> {
    if (this.#wakeRequested) return Promise.resolve();
    return new Promise((resolve) => {
      // however the sleep ends, a wake-up after it must set #wakeRequested, not call this one
      const end = () => {
        clearTimeout(this.#timer);
        this.#wake = undefined;
        resolve();
      };
      this.#timer = setTimeout(end, ms);
      this.#wake = end;
    });
  }

  async #execute(job: JobRow): Promise<void> {
    const { leaseMs, log } = this.#options;
    // a job may run longer than its lease (a video render, a slow reply): renew it while it runs
    const heartbeat = setInterval(() => {
      this.#jobs.extendLease(job.id, job.attempts, Date.now() + leaseMs).catch((error: unknown) => {
        log?.error({ err: error, jobId: job.id }, "could not renew a job's lease");
      });
    }, leaseMs / 3);
    try {
      const attempt = {
        row: job.id,
        id: job.id,
        kind: job.kind,
        payload: () => JSON.parse(job.payload) as unknown,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      };
      const registered = { schema: schemaOf(this.#kinds, job.kind), handler: this.#handlers.get(job.kind) };
      const result = await this.#attempts.track((controller) =>
        runAttempt(registered, attempt, this.#jobs, log, controller),
      );
      if (result.outcome === "abandoned") await this.#jobs.release(job.id, job.attempts, Date.now());
      if (result.outcome === "retry") {
        const runAt = Date.now() + retryDelayMs(result.error, job.attempts, this.#options.backoffMs);
        await this.#jobs.retryLater(job.id, runAt, failureReason(result.error));
      }
    } catch (error) {
      // the row could not be updated: its lease runs out and the job is taken again
      log?.error({ err: error, jobId: job.id, kind: job.kind }, "could not record a job's outcome");
    } finally {
      clearInterval(heartbeat);
    }
  }
}
