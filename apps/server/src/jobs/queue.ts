import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { JobRepository } from "../repositories/jobs.ts";

export interface JobContext {
  jobId: number;
  attempt: number;
  /** the attempt is the job's last one: a failure now is final */
  lastAttempt: boolean;
}

export interface JobHandler<Payload> {
  /** tries before the job counts as failed */
  maxAttempts: number;
  run(payload: Payload, context: JobContext): Promise<void>;
  /** after the last attempt failed: undo what the job was paid for, tell the user */
  onFailed?(payload: Payload, error: unknown): Promise<void>;
}

/** Where slow work goes: durable, retried, and finished even when a worker dies mid-way. */
export interface JobQueue {
  /** Adds a job; pass the transaction to add it together with the rows it belongs to. */
  enqueue(
    kind: string,
    payload: unknown,
    options?: { db?: Kysely<Database>; delayMs?: number },
  ): Promise<number>;
  register<Payload>(kind: string, handler: JobHandler<Payload>): void;
  start(): void;
  stop(): Promise<void>;
  /** Resolves once nothing is queued or running (tests and graceful shutdown). */
  idle(timeoutMs?: number): Promise<void>;
}

export interface DatabaseQueueOptions {
  pollMs?: number;
  /** how long a claimed job is reserved; a job whose worker died is taken again after it */
  leaseMs?: number;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  log?: { error(obj: object, msg: string): void };
}

/**
 * Jobs one worker runs at once. A reply spends nearly all its time waiting for the model's stream,
 * so a low limit queues users behind each other (4 answered ~25 replies/s for 50 chatting users and
 * each waited over a second for typing); CPU-heavy steps wait in libuv's thread pool, not here.
 */
export const DEFAULT_JOB_CONCURRENCY = 64;

/** Wait before the next try: 0.5 s, 1 s, 2 s … up to 30 s. */
export const defaultBackoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** (attempt - 1));

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
export class DatabaseJobQueue implements JobQueue {
  readonly #dialect: "sqlite" | "postgres";
  readonly #jobs: JobRepository;
  readonly #handlers = new Map<string, JobHandler<unknown>>();
  readonly #options: Required<Omit<DatabaseQueueOptions, "log">> & Pick<DatabaseQueueOptions, "log">;
  #running = false;
  #active = 0;
  #timer: NodeJS.Timeout | undefined;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #wakeRequested = false;

  constructor(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: DatabaseQueueOptions = {}) {
    this.#dialect = dialect;
    this.#jobs = new JobRepository(db, dialect);
    this.#options = {
      pollMs: options.pollMs ?? 500,
      leaseMs: options.leaseMs ?? 60_000,
      concurrency: options.concurrency ?? DEFAULT_JOB_CONCURRENCY,
      backoffMs: options.backoffMs ?? defaultBackoffMs,
      log: options.log,
    };
  }

  register<Payload>(kind: string, handler: JobHandler<Payload>): void {
    this.#handlers.set(kind, handler as JobHandler<unknown>);
  }

  async enqueue(kind: string, payload: unknown, options: { db?: Kysely<Database>; delayMs?: number } = {}) {
    const handler = this.#handlers.get(kind);
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    const inTransaction = options.db?.isTransaction ?? false;
    const jobs = options.db ? new JobRepository(options.db, this.#dialect) : this.#jobs;
    const id = await jobs.insert(
      {
        kind,
        payload: JSON.stringify(payload),
        maxAttempts: handler.maxAttempts,
        runAt: Date.now() + (options.delayMs ?? 0),
      },
      { holdUntilCommit: inTransaction && this.#running },
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

  async stop(): Promise<void> {
    this.#running = false;
    this.#wakeUp();
    await this.#loop;
  }

  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#active > 0 || (await this.#jobs.countActive()) > 0) {
      if (Date.now() > deadline) throw new Error("the job queue did not become idle in time");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async #run(): Promise<void> {
    while (this.#running) {
      // this round's claims see every job committed so far
      this.#wakeRequested = false;
      while (this.#running && this.#active < this.#options.concurrency) {
        const job = await this.#jobs.claim(Date.now(), this.#options.leaseMs).catch((error: unknown) => {
          this.#options.log?.error({ err: error }, "could not claim a job");
          return undefined;
        });
        if (!job) break;
        this.#active++;
        void this.#execute(job.id, job.kind, job.payload, job.attempts, job.max_attempts).finally(() => {
          // a job that waited for a free slot can be claimed now
          if (this.#active-- === this.#options.concurrency) this.#wakeUp();
        });
      }
      if (!this.#running) break;
      // nothing more is due or every slot is taken: an enqueue, a commit or a free slot wakes the loop
      await this.#sleep(this.#options.pollMs);
    }
    while (this.#active > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Ends the loop's sleep; while it is claiming, its next one (those claims may have run too early). */
  #wakeUp(): void {
    if (this.#wake) this.#wake();
    else this.#wakeRequested = true;
  }

  #sleep(ms: number): Promise<void> {
    if (this.#wakeRequested) return Promise.resolve();
    return new Promise((resolve) => {
      this.#timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(this.#timer);
        this.#wake = undefined;
        resolve();
      };
    });
  }

  async #execute(id: number, kind: string, payloadJson: string, attempt: number, maxAttempts: number) {
    const handler = this.#handlers.get(kind);
    const payload = JSON.parse(payloadJson) as unknown;
    const lastAttempt = attempt >= maxAttempts;
    try {
      if (!handler) throw new Error(`no handler for job kind ${kind}`);
      await handler.run(payload, { jobId: id, attempt, lastAttempt });
      await this.#jobs.complete(id);
    } catch (error) {
      const reason = failureReason(error);
      if (!lastAttempt && !isPermanentFailure(error) && handler) {
        await this.#jobs.retryLater(id, Date.now() + this.#options.backoffMs(attempt), reason);
        return;
      }
      await this.#jobs.fail(id, reason);
      this.#options.log?.error({ err: error, jobId: id, kind }, "job failed for good");
      await handler?.onFailed?.(payload, error).catch((hookError: unknown) => {
        this.#options.log?.error({ err: hookError, jobId: id, kind }, "job failure hook failed");
      });
    }
  }
}
