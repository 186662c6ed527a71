import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database, JobRow } from "../db/schema.ts";

/** Advisory lock key space for "the transaction that added job N is still open" (Postgres). */
const ENQUEUE_LOCK_SPACE = 0x4a4f4253;
const LOCK_NOT_AVAILABLE = "55P03";

/** What tells one job from another with the same row id (another database's, or one from before a reset). */
export interface JobIdentity {
  id: number;
  kind: string;
  /** when the job was first due: fixed once the row is handed to an external queue */
  runAt: number;
}

function isJob(identity: JobIdentity) {
  return (eb: ExpressionBuilder<Database, "jobs">) =>
    eb.and([eb("id", "=", identity.id), eb("kind", "=", identity.kind), eb("run_at", "=", identity.runAt)]);
}

/**
 * Rows that wait to be handed to an external queue: new ones, ones a dead database worker held,
 * and handed-over ones whose lease ran out (the external queue may have lost them).
 */
function awaitingDispatch(now: number) {
  return (eb: ExpressionBuilder<Database, "jobs">) =>
    eb.or([
      eb("status", "=", "queued"),
      eb.and([eb("status", "=", "running"), eb("locked_until", "<", now)]),
    ]);
}

// run for every job, compiled once (db/cached-query.ts)
const insertJob = cachedQuery(
  (db, job: { kind: string; payload: string; maxAttempts: number; runAt: number }) =>
    db
      .insertInto("jobs")
      .values({
        kind: job.kind,
        payload: job.payload,
        status: "queued",
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
      })
      .returning("id"),
);

/**
 * Takes up to `limit` due jobs: queued ones, and running ones whose lease ran out (their worker
 * died). One statement, so two workers never take the same job (SKIP LOCKED on Postgres; SQLite
 * has one writer).
 */
const claimJobs = (dialect: "sqlite" | "postgres") =>
  cachedQuery((db, claim: { now: number; lockedUntil: number; limit: number; boot: string | null }) => {
    let due = db
      .selectFrom("jobs")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "queued"), eb("run_at", "<=", claim.now)]),
          eb.and([eb("status", "=", "running"), eb("locked_until", "<", claim.now)]),
        ]),
      )
      .orderBy("run_at")
      .orderBy("id")
      .limit(claim.limit);
    if (dialect === "postgres") due = due.forUpdate().skipLocked();
    return db
      .updateTable("jobs")
      .set({
        status: "running",
        locked_until: claim.lockedUntil,
        locked_by: claim.boot,
        attempts: sql`attempts + 1`,
      })
      .where("id", "in", (eb) => eb.selectFrom(due.as("due")).select("due.id"))
      .returningAll();
  });
const CLAIM = { sqlite: claimJobs("sqlite"), postgres: claimJobs("postgres") };
const completeJob = cachedQuery((db, job: { id: number }) =>
  db.updateTable("jobs").set({ status: "done", locked_until: null }).where("id", "=", job.id),
);

export class JobRepository {
  readonly #db: Kysely<Database>;
  readonly #postgres: boolean;

  constructor(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
    this.#db = db;
    this.#postgres = dialect === "postgres";
  }

  /**
   * Adds a job. `holdUntilCommit` (inside a transaction) lets `waitForEnqueueToEnd` see when the
   * transaction ends: on Postgres a transaction-scoped advisory lock, taken in the same statement.
   */
  async insert(
    job: { kind: string; payload: string; maxAttempts: number; runAt: number },
    options: { holdUntilCommit?: boolean } = {},
  ): Promise<number> {
    if (this.#postgres && options.holdUntilCommit) {
      const row = await this.#db
        .insertInto("jobs")
        .values({
          kind: job.kind,
          payload: job.payload,
          status: "queued",
          max_attempts: job.maxAttempts,
          run_at: job.runAt,
        })
        .returning(["id", sql<string>`pg_advisory_xact_lock(${ENQUEUE_LOCK_SPACE}, id)`.as("held")])
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const row = await insertJob.first(this.#db, job);
    if (!row) throw new Error("the job insert returned no row");
    return row.id;
  }

  /**
   * Waits up to `timeoutMs` for the transaction that added job `id` to end (commit or roll back);
   * false if it is still open. Postgres waits on the advisory lock that transaction holds. On
   * SQLite an open transaction keeps the one connection, so the next read waits by itself.
   */
  async waitForEnqueueToEnd(id: number, timeoutMs: number): Promise<boolean> {
    if (!this.#postgres) return true;
    try {
      await this.#db.transaction().execute(async (trx) => {
        // the select list runs left to right: the timeout is set before the wait starts
        await sql`select set_config('lock_timeout', ${`${timeoutMs}ms`}, true),
          pg_advisory_xact_lock_shared(${ENQUEUE_LOCK_SPACE}, ${id})`.execute(trx);
      });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return false;
      throw error;
    }
  }

  /** Committed jobs not yet handed to an external queue, oldest first. */
  async findAwaitingDispatch(now: number, limit: number): Promise<JobRow[]> {
    const rows = await this.#db
      .selectFrom("jobs")
      .selectAll()
      .where(awaitingDispatch(now))
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map(withNumbers);
  }

  async countAwaitingDispatch(now: number): Promise<number> {
    const row = await this.#db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(awaitingDispatch(now))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * The external queue holds these jobs now: running, with a lease of `leaseUntil` that each
   * attempt renews. A row whose lease ran out is handed over again (the external queue may have
   * lost the job), so the lease only needs to outlast the wait for one attempt to start.
   */
  async markDispatched(ids: readonly number[], now: number, leaseMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.#db
      .updateTable("jobs")
      // a delayed job's lease starts when it is due
      // handed to the external queue (again): no process runs it until one begins an attempt
      .set({
        status: "running",
        locked_by: null,
        locked_until: sql<number>`(case when run_at > ${now} then run_at else ${now} end) + ${leaseMs}`,
      })
      .where("id", "in", ids)
      .where((eb) => eb.or([eb("status", "=", "queued"), eb("locked_until", "is not", null)]))
      .execute();
  }

  /**
   * An external queue starts an attempt of the job `identity` names and renews its lease; false
   * when that row already finished, is not this job at all (another database's, or one from
   * before a reset, under the same id), or this process already runs this attempt.
   */
  async begin(identity: JobIdentity, attempt: number, leaseUntil: number, boot?: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("jobs")
      .set({ status: "running", attempts: attempt, locked_until: leaseUntil, locked_by: boot ?? null })
      .where(isJob(identity))
      .where((eb) =>
        eb.or([
          eb("status", "=", "queued"),
          // a running attempt is taken over by a later attempt, another process, or after its lease;
          // never by a second copy of the same attempt in the process already running it (a job
          // BullMQ holds twice in its wait list, after an abandoned run and a stall check both put
          // it back, would otherwise run twice at once)
          eb.and([
            eb("status", "=", "running"),
            eb.or([
              eb("attempts", "<", attempt),
              eb("locked_by", "is", null),
              ...(boot ? [eb("locked_by", "!=", boot)] : [eb.lit(true)]),
              eb("locked_until", "is", null),
              eb("locked_until", "<", Date.now()),
            ]),
          ]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The row `identity` names, if it is that job. */
  async findJob(identity: JobIdentity): Promise<JobRow | undefined> {
    const row = await this.#db.selectFrom("jobs").selectAll().where(isJob(identity)).executeTakeFirst();
    return row ? withNumbers(row) : undefined;
  }

  /** A database worker still runs the job: its lease goes on (false when the job is no longer its). */
  async extendLease(id: number, attempt: number, leaseUntil: number): Promise<boolean> {
    const result = await this.#db
      .updateTable("jobs")
      .set({ locked_until: leaseUntil })
      .where("id", "=", id)
      .where("attempts", "=", attempt)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async recordError(id: number, error: string): Promise<void> {
    await this.#db.updateTable("jobs").set({ last_error: error }).where("id", "=", id).execute();
  }

  /** Fails an unfinished job; true only for the call that did it, so failure hooks run once. */
  async failOnce(job: number | JobIdentity, error: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("jobs")
      .set({ status: "failed", locked_until: null, last_error: error })
      .where(typeof job === "number" ? (eb) => eb("id", "=", job) : isJob(job))
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the next due job, if any (see claimMany). */
  async claim(now: number, leaseMs: number, boot?: string): Promise<JobRow | undefined> {
    return (await this.claimMany(now, leaseMs, 1, boot))[0];
  }

  /**
   * Takes up to `limit` due jobs, oldest due first: queued ones, and running ones whose lease ran
   * out (their worker died). Fewer than `limit` means no more are due now.
   */
  async claimMany(now: number, leaseMs: number, limit: number, boot?: string): Promise<JobRow[]> {
    const claim = this.#postgres ? CLAIM.postgres : CLAIM.sqlite;
    const rows = await claim.rows(this.#db, { now, lockedUntil: now + leaseMs, limit, boot: boot ?? null });
    return rows.map(withNumbers).sort((a, b) => a.run_at - b.run_at || a.id - b.id);
  }

  /** The boots (queue/boot.ts) that hold running jobs' leases. */
  async bootsHoldingJobs(): Promise<string[]> {
    const rows = await this.#db
      .selectFrom("jobs")
      .select("locked_by")
      .distinct()
      .where("status", "=", "running")
      .where("locked_by", "is not", null)
      .execute();
    return rows.map((row) => row.locked_by).filter((boot): boot is string => boot !== null);
  }

  /**
   * Ends the leases the given (dead) boots held: their running jobs are due at once. Returns them,
   * so an external queue can put its own copies back too.
   */
  async releaseBoots(boots: readonly string[]): Promise<JobRow[]> {
    if (boots.length === 0) return [];
    const rows = await this.#db
      .updateTable("jobs")
      .set({ locked_until: 0, locked_by: null })
      .where("status", "=", "running")
      .where("locked_by", "in", boots)
      .returningAll()
      .execute();
    return rows.map(withNumbers);
  }

  /**
   * A worker that shuts down gives back a job it started: queued again and due now, the attempt
   * not counted (false when the job is no longer this attempt's).
   */
  async release(id: number, attempt: number, now: number): Promise<boolean> {
    const result = await this.#db
      .updateTable("jobs")
      .set({
        status: "queued",
        run_at: now,
        locked_until: null,
        locked_by: null,
        attempts: sql`attempts - 1`,
      })
      .where("id", "=", id)
      .where("attempts", "=", attempt)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async complete(id: number): Promise<void> {
    await completeJob.affected(this.#db, { id });
  }

  async retryLater(id: number, runAt: number, error: string): Promise<void> {
    await this.#db
      .updateTable("jobs")
      .set({ status: "queued", run_at: runAt, locked_until: null, last_error: error })
      .where("id", "=", id)
      .execute();
  }

  async countActive(): Promise<number> {
    const row = await this.#db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "in", ["queued", "running"])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** How many jobs there are of each kind in each state (the admin console's queue depth). */
  async countByKindAndStatus(): Promise<{ kind: string; status: JobRow["status"]; count: number }[]> {
    const rows = await this.#db
      .selectFrom("jobs")
      .select(["kind", "status", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy(["kind", "status"])
      .orderBy("kind")
      .orderBy("status")
      .execute();
    return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count) }));
  }

  /** The newest jobs that failed for good. */
  async recentFailures(limit: number): Promise<JobRow[]> {
    const rows = await this.#db
      .selectFrom("jobs")
      .selectAll()
      .where("status", "=", "failed")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(withNumbers);
  }

  /**
   * Queues a failed job again, due now, with a fresh set of attempts; false when it is not failed.
   * Its `run_at` changes, so an external queue takes it as a new job (its id names `run_at`).
   */
  /** The failed job queued again, as it was written (a worker may claim it right after); none if not failed. */
  async requeueFailed(id: number, now: number): Promise<JobRow | undefined> {
    const row = await this.#db
      .updateTable("jobs")
      .set({ status: "queued", attempts: 0, run_at: now, locked_until: null, last_error: null })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .returningAll()
      .executeTakeFirst();
    return row ? withNumbers(row) : undefined;
  }

  /** Every job handed to an external queue and not finished. */
  async findRunning(): Promise<JobRow[]> {
    const rows = await this.#db.selectFrom("jobs").selectAll().where("status", "=", "running").execute();
    return rows.map(withNumbers);
  }

  async findById(id: number): Promise<JobRow | undefined> {
    const row = await this.#db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? withNumbers(row) : undefined;
  }
}

/** bigint columns as numbers on either dialect */
function withNumbers(row: JobRow): JobRow {
  return {
    ...row,
    run_at: Number(row.run_at),
    locked_until: row.locked_until === null ? null : Number(row.locked_until),
  };
}
