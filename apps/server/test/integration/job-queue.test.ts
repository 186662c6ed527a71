import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrator.ts";
import { BULLMQ_QUEUE_NAME, BullMqJobQueue } from "../../src/queue/bullmq-queue.ts";
import { createJobQueue } from "../../src/queue/create-job-queue.ts";
import { DatabaseJobQueue, JobDeadlineError, type JobQueue } from "../../src/queue/job-queue.ts";
import { JobRepository } from "../../src/repositories/jobs.ts";
import { createTestDatabase } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const redisUrl = process.env.REDIS_URL;
// BullMQ runs where Redis is given, as in CI; each run of this file has keys of its own
const prefix = `reverie-test-${randomBytes(6).toString("hex")}`;
const kinds = redisUrl ? (["database", "bullmq"] as const) : (["database"] as const);
type Kind = (typeof kinds)[number];

let database: DatabaseHandle;
let drop: () => Promise<void>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrateToLatest(database);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await database.db.deleteFrom("jobs").execute();
  if (redisUrl) await obliterate();
});
afterAll(async () => {
  await drop();
});

/** Removes every key of this file's BullMQ queue. */
async function obliterate() {
  const connection = new Redis(redisUrl ?? "", { maxRetriesPerRequest: null });
  const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix });
  await queue.obliterate({ force: true });
  await queue.close();
  await connection.quit();
}

/** The kinds these tests run, each with its payload's schema (the app's are in services/job-registry.ts). */
const kindsOfTests = {
  greet: z.object({ name: z.string().default("") }),
  flaky: z.object({}),
  doomed: z.object({ order: z.number() }),
  rejected: z.object({ n: z.number() }),
  fragile: z.object({}),
  fine: z.object({}),
  work: z.object({ n: z.number() }),
  reply: z.object({ n: z.number() }),
  render: z.object({}),
  once: z.object({ n: z.number() }),
  stream: z.object({}),
};
type TestJobs = typeof kindsOfTests;

interface QueueOptions {
  backoffMs?: (attempt: number) => number;
  /** BullMQ: how long a worker's hold on a job lasts, and how often dead holders are looked for */
  lockMs?: number;
  /** BullMQ: how often started queues look for rows nobody handed over */
  sweepMs?: number;
  /** BullMQ: how long a handed-over row waits for an attempt before it is handed over again */
  handOverLeaseMs?: number;
  /** database: how long a claimed job is reserved unless renewed */
  leaseMs?: number;
}

function queue(kind: Kind, options: QueueOptions = {}): JobQueue<TestJobs> {
  const backoffMs = options.backoffMs ?? (() => 10);
  const created =
    kind === "database"
      ? new DatabaseJobQueue(database.db, database.dialect, {
          kinds: kindsOfTests,
          pollMs: 20,
          backoffMs,
          ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
        })
      : new BullMqJobQueue(database.db, database.dialect, {
          kinds: kindsOfTests,
          redisUrl: redisUrl ?? "",
          prefix,
          backoffMs,
          sweepMs: options.sweepMs ?? 50,
          // a transaction open longer than this is waited for again
          commitWaitMs: 100,
          ...(options.lockMs ? { lockMs: options.lockMs, stalledCheckMs: options.lockMs / 2 } : {}),
          ...(options.handOverLeaseMs ? { handOverLeaseMs: options.handOverLeaseMs } : {}),
        });
  cleanups.push(() => created.stop());
  return created;
}

const jobRow = (id: number) => new JobRepository(database.db, database.dialect).findById(id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = (condition: () => Promise<boolean>) => eventually(condition, { timeout: 5_000 });

/** Runs `use` with a Redis connection of its own to this file's Redis, closed after. */
async function withRedis<T>(use: (connection: Redis) => Promise<T>): Promise<T> {
  const connection = new Redis(redisUrl ?? "", { maxRetriesPerRequest: null });
  try {
    return await use(connection);
  } finally {
    await connection.quit();
  }
}

/** A BullMQ worker of another process takes the next job, never finishes it, and dies holding it. */
async function workerTakesJobAndDies(hold: { lockDuration: number; stalledInterval: number }) {
  await withRedis(async (connection) => {
    let taken: () => void = () => {};
    const takenSignal = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const dying = new Worker(
      BULLMQ_QUEUE_NAME,
      async () => {
        taken();
        await new Promise(() => {}); // never finishes
      },
      { connection, prefix, ...hold },
    );
    await takenSignal;
    await dying.close(true);
  });
}

/** The row of a committed job of kind greet, as a process that exited before handing it over left it. */
const insertGreetRow = (name: string, runAt = Date.now()) =>
  new JobRepository(database.db, database.dialect).insert({
    kind: "greet",
    payload: JSON.stringify({ name }),
    maxAttempts: 1,
    runAt,
  });

/** Claims the earliest due job with a 60 s lease for `holder`, as the process it names would. */
const claimAs = (holder: string) =>
  new JobRepository(database.db, database.dialect).claim(Date.now(), 60_000, holder);

/** A BullMQ queue whose `once` jobs (one attempt) push their n to `ran`. */
function onceQueue(ran: number[]): JobQueue<TestJobs> {
  const jobs = queue("bullmq");
  jobs.register("once", { maxAttempts: 1, run: async ({ n }) => void ran.push(n) });
  return jobs;
}

/**
 * Starts `jobs` with a `greet` handler that records when it runs, then adds a greet job in a
 * transaction that runs `meanwhile` (given the run times so far) before it commits. Returns the run
 * times and when the commit came.
 */
async function greetAddedInTransaction(
  jobs: JobQueue<TestJobs>,
  meanwhile: (ran: number[]) => Promise<void>,
) {
  const ran: number[] = [];
  jobs.register("greet", { maxAttempts: 1, run: async () => void ran.push(Date.now()) });
  jobs.start();
  await sleep(50);
  let committedAt = 0;
  await database.db.transaction().execute(async (trx) => {
    await jobs.enqueue("greet", {}, { db: trx });
    await meanwhile(ran);
    committedAt = Date.now();
  });
  return { ran, committedAt };
}

/** Starts a BullMQ queue whose `greet` jobs push their name, and returns the names once it is idle. */
async function greetedByBullMq(): Promise<string[]> {
  const ran: string[] = [];
  const jobs = queue("bullmq");
  jobs.register("greet", {
    maxAttempts: 1,
    run: async ({ name }) => void ran.push(name),
  });
  jobs.start();
  await jobs.idle();
  return ran;
}

describe.each(kinds)("the %s job queue", (kind) => {
  it("runs jobs, and a job added in a transaction only if the transaction commits", async () => {
    const ran: string[] = [];
    const jobs = queue(kind);
    jobs.register("greet", {
      maxAttempts: 1,
      run: async ({ name }) => void ran.push(name),
    });
    jobs.start();
    await jobs.enqueue("greet", { name: "direct" });
    await database.db.transaction().execute(async (trx) => {
      await jobs.enqueue("greet", { name: "committed" }, { db: trx });
    });
    await database.db
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue("greet", { name: "rolled back" }, { db: trx });
        throw new Error("abort");
      })
      .catch(() => undefined);
    await jobs.idle();
    expect(ran.sort()).toEqual(["committed", "direct"]);
  });

  it("starts a job as soon as the transaction that added it commits, not before", async () => {
    // no sweep after the first: the enqueuing instance itself hands the job over on commit
    const jobs = queue(kind, { sweepMs: 60_000 });
    const { ran, committedAt } = await greetAddedInTransaction(jobs, async (ranSoFar) => {
      await sleep(350);
      expect(ranSoFar).toEqual([]);
    });
    await jobs.idle(2_000);
    expect(ran).toHaveLength(1);
    expect((ran[0] ?? 0) - committedAt).toBeLessThan(300);
  });

  it("fails a job whose stored payload its schema refuses, without its handler or failure hook, and runs on", async () => {
    const calls: string[] = [];
    const jobs = queue(kind);
    jobs.register("doomed", {
      maxAttempts: 3,
      run: async ({ order }) => void calls.push(`run ${order}`),
      onFailed: async () => void calls.push("onFailed"),
    });
    jobs.register("fine", { maxAttempts: 1, run: async () => void calls.push("fine") });
    // rows as an older release, a hand edit or a bug might have stored them
    const stored = new JobRepository(database.db, database.dialect);
    const row = (payload: string) => ({ kind: "doomed", payload, maxAttempts: 3, runAt: Date.now() });
    const wrongShape = await stored.insert(row(JSON.stringify({ order: "seven" })));
    const notJson = await stored.insert(row("{not json"));
    jobs.start();
    await jobs.enqueue("fine", {});
    await jobs.idle();
    // the worker is still running: a valid job after them runs as usual
    await jobs.enqueue("doomed", { order: 7 });
    await jobs.idle();
    expect(calls.sort()).toEqual(["fine", "run 7"]);
    const refused = await jobRow(wrongShape);
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused?.last_error).toMatch(/payload of this doomed job is not valid: order: .*number/);
    const unreadable = await jobRow(notJson);
    expect(unreadable).toMatchObject({ status: "failed", attempts: 1 });
    expect(unreadable?.last_error).toMatch(/payload of this doomed job is not valid/);
  });

  it("compiles an enqueue only with a kind of its registry and that kind's payload", () => {
    // never called: the @ts-expect-error lines are the test (tsc fails when one of them compiles)
    const mistakes = (jobs: JobQueue<TestJobs>) => [
      // @ts-expect-error: no such kind
      jobs.enqueue("greeet", { name: "typo" }),
      // @ts-expect-error: the payload of another kind
      jobs.enqueue("doomed", { n: 1 }),
      // @ts-expect-error: a field of the wrong type
      jobs.enqueue("once", { n: "1" }),
      // @ts-expect-error: a handler for a payload the kind does not have
      jobs.register("once", { maxAttempts: 1, run: async (payload: { name: string }) => void payload }),
    ];
    expect(mistakes).toBeTypeOf("function");
  });

  it("retries a failing job until it succeeds", async () => {
    let calls = 0;
    const contexts: unknown[] = [];
    const jobs = queue(kind);
    jobs.register("flaky", {
      maxAttempts: 3,
      run: async (_payload, { signal, ...context }) => {
        expect(signal?.aborted).toBe(false);
        contexts.push(context);
        calls++;
        if (calls < 3) throw new Error(`failure ${calls}`);
      },
    });
    jobs.start();
    const id = await jobs.enqueue("flaky", {});
    await jobs.idle();
    expect(calls).toBe(3);
    expect(contexts).toEqual([
      { jobId: id, attempt: 1, lastAttempt: false },
      { jobId: id, attempt: 2, lastAttempt: false },
      { jobId: id, attempt: 3, lastAttempt: true },
    ]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 3 });
  });

  it("waits the backoff between attempts and calls the failure hook once after the last", async () => {
    const failures: unknown[] = [];
    const waits: number[] = [];
    const jobs = queue(kind, {
      backoffMs: (attempt) => {
        waits.push(attempt);
        return 150;
      },
    });
    const started: number[] = [];
    jobs.register("doomed", {
      maxAttempts: 3,
      run: async () => {
        started.push(Date.now());
        throw new Error("upstream is down");
      },
      onFailed: async (payload, error) => void failures.push({ payload, message: (error as Error).message }),
    });
    jobs.start();
    const id = await jobs.enqueue("doomed", { order: 7 });
    await jobs.idle();
    expect(failures).toEqual([{ payload: { order: 7 }, message: "upstream is down" }]);
    expect(waits).toEqual([1, 2]);
    expect(started).toHaveLength(3);
    expect((started[1] ?? 0) - (started[0] ?? 0)).toBeGreaterThanOrEqual(140);
    expect((started[2] ?? 0) - (started[1] ?? 0)).toBeGreaterThanOrEqual(140);
    expect(await jobRow(id)).toMatchObject({
      status: "failed",
      attempts: 3,
      last_error: "upstream is down",
    });
  });

  it("does not retry an error that says retrying cannot help", async () => {
    let calls = 0;
    const failures: unknown[] = [];
    const jobs = queue(kind);
    jobs.register("rejected", {
      maxAttempts: 3,
      run: async () => {
        calls++;
        throw Object.assign(new Error("invalid api key"), { retryable: false });
      },
      onFailed: async (payload) => void failures.push(payload),
    });
    jobs.start();
    const id = await jobs.enqueue("rejected", { n: 1 });
    await jobs.idle();
    expect(calls).toBe(1);
    expect(failures).toEqual([{ n: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", last_error: "invalid api key" });
  });

  it("reports its depth by kind and state, and runs a failed job again with fresh attempts", async () => {
    let upstreamUp = false;
    const runs: number[] = [];
    const jobs = queue(kind);
    jobs.register("fragile", {
      maxAttempts: 2,
      run: async (_payload, context) => {
        runs.push(context.attempt);
        if (!upstreamUp) throw new Error("upstream is down");
      },
    });
    jobs.register("fine", { maxAttempts: 1, run: async () => undefined });
    jobs.start();
    const failedId = await jobs.enqueue("fragile", {});
    await jobs.enqueue("fine", {});
    await jobs.idle();
    const before = await jobs.inspect({ failures: 5 });
    expect(before.backend).toBe(kind);
    expect(before.counts).toEqual([
      { kind: "fine", status: "done", count: 1 },
      { kind: "fragile", status: "failed", count: 1 },
    ]);
    expect(before.recentFailures.map((job) => [job.id, job.last_error])).toEqual([
      [failedId, "upstream is down"],
    ]);
    if (kind === "bullmq") expect(before.backendCounts).toMatchObject({ failed: 1, completed: 1 });
    else expect(before.backendCounts).toBeNull();

    // only a failed job is retried
    const [fine] = await database.db.selectFrom("jobs").select("id").where("kind", "=", "fine").execute();
    expect(await jobs.retry(fine?.id ?? 0)).toBeNull();
    upstreamUp = true;
    const retried = await jobs.retry(failedId);
    expect(retried).toMatchObject({
      id: failedId,
      status: expect.stringMatching(/queued|running/),
      last_error: null,
    });
    await waitFor(async () => (await jobRow(failedId))?.status === "done");
    await jobs.idle();
    expect(runs).toEqual([1, 2, 1]);
    expect((await jobs.inspect({ failures: 5 })).recentFailures).toEqual([]);
  });

  it("never runs a job twice with two workers", async () => {
    const runs = new Map<number, number>();
    const ranOn = new Map<string, number>();
    const handler = (worker: string) => ({
      maxAttempts: 1,
      run: async ({ n }: { n: number }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        ranOn.set(worker, (ranOn.get(worker) ?? 0) + 1);
        await sleep(5);
      },
    });
    const first = queue(kind);
    const second = queue(kind);
    first.register("work", handler("first"));
    second.register("work", handler("second"));
    for (let n = 0; n < 60; n++) await first.enqueue("work", { n });
    first.start();
    second.start();
    await first.idle();
    expect(runs.size).toBe(60);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    // both workers took jobs, so the check above was one between two workers
    expect(ranOn.get("first")).toBeGreaterThan(0);
    expect(ranOn.get("second")).toBeGreaterThan(0);
  });
});

describe("choosing the job queue", () => {
  it("refuses BullMQ without a Redis URL instead of quietly using the database", () => {
    const config = { jobQueue: { kind: "bullmq" as const, prefix: "reverie" }, redisUrl: undefined };
    expect(() => createJobQueue({ config, database, kinds: kindsOfTests, log: { error() {} } })).toThrow(
      /REDIS_URL/,
    );
  });
});

describe("the database job queue", () => {
  it("claims due jobs several at a time, the earliest due first, and none twice", async () => {
    const jobs = new JobRepository(database.db, database.dialect);
    const now = Date.now();
    const later = await jobs.insert({ kind: "work", payload: "{}", maxAttempts: 1, runAt: now - 10 });
    const first = await jobs.insert({ kind: "work", payload: "{}", maxAttempts: 1, runAt: now - 30 });
    const second = await jobs.insert({ kind: "work", payload: "{}", maxAttempts: 1, runAt: now - 20 });
    await jobs.insert({ kind: "work", payload: "{}", maxAttempts: 1, runAt: now + 60_000 });

    const taken = await jobs.claimMany(now, 1_000, 2);
    expect(taken.map((job) => job.id)).toEqual([first, second]);
    expect(taken.every((job) => job.status === "running" && job.attempts === 1)).toBe(true);
    // fewer than asked: nothing else is due
    expect((await jobs.claimMany(now, 1_000, 2)).map((job) => job.id)).toEqual([later]);
    expect(await jobs.claimMany(now, 1_000, 2)).toEqual([]);
  });

  it("finishes a job whose worker died mid-way once its lease runs out", async () => {
    const ran: number[] = [];
    const jobs = queue("database");
    jobs.register("reply", { maxAttempts: 3, run: async ({ n }) => void ran.push(n) });
    const id = await jobs.enqueue("reply", { n: 1 });
    // a worker claims it with a short lease, then dies without finishing
    const claimed = await new JobRepository(database.db, database.dialect).claim(Date.now(), 100);
    expect(claimed?.id).toBe(id);
    jobs.start();
    await jobs.idle();
    expect(ran).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("keeps the lease of a job that runs longer than it, so the job runs and fails once", async () => {
    let runs = 0;
    let failures = 0;
    const jobs = queue("database", { leaseMs: 150 });
    jobs.register("render", {
      maxAttempts: 1,
      run: async () => {
        runs++;
        await sleep(700);
        throw new Error("render failed");
      },
      onFailed: async () => void failures++,
    });
    const id = await jobs.enqueue("render", {});
    jobs.start();
    await jobs.idle();
    expect(runs).toBe(1);
    expect(failures).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("does not lose a wake-up that comes while it claims after a sleep that timed out", async () => {
    const ran: number[] = [];
    const jobs = new DatabaseJobQueue(database.db, database.dialect, { kinds: kindsOfTests, pollMs: 300 });
    cleanups.push(() => jobs.stop());
    jobs.register("greet", { maxAttempts: 1, run: async () => void ran.push(Date.now()) });
    // the job arrives right after a claim round found nothing, before the loop sleeps again
    const claimMany = JobRepository.prototype.claimMany;
    let enqueuedAt = 0;
    let armed = false;
    JobRepository.prototype.claimMany = async function (this: JobRepository, now, leaseMs, limit) {
      const claimed = await claimMany.call(this, now, leaseMs, limit);
      if (armed && claimed.length === 0) {
        armed = false;
        enqueuedAt = Date.now();
        await jobs.enqueue("greet", {});
        await sleep(0);
      }
      return claimed;
    };
    cleanups.push(async () => {
      JobRepository.prototype.claimMany = claimMany;
    });
    jobs.start();
    await sleep(50); // the first sleep has begun; it ends by its timeout
    armed = true;
    await waitFor(async () => ran.length > 0);
    expect((ran[0] ?? 0) - enqueuedAt).toBeLessThan(150);
  });

  it("starts a job added in a transaction right after the commit, not at the next poll", async () => {
    const jobs = new DatabaseJobQueue(database.db, database.dialect, { kinds: kindsOfTests, pollMs: 60_000 });
    cleanups.push(() => jobs.stop());
    const { ran, committedAt } = await greetAddedInTransaction(jobs, async () => {
      // a loop woken by the enqueue itself claims now, before the commit, and finds nothing
      await sleep(100);
    });
    await waitFor(async () => ran.length > 0);
    expect((ran[0] ?? 0) - committedAt).toBeLessThan(200);
  });
});

describe.runIf(redisUrl)("the BullMQ job queue", () => {
  it("runs a job again on another worker when the worker running it died", async () => {
    const producer = queue("bullmq");
    producer.register("reply", { maxAttempts: 3, run: async () => {} });
    const id = await producer.enqueue("reply", { n: 1 });

    // a worker process takes the job and dies mid-way: its hold on the job is not renewed
    await workerTakesJobAndDies({ lockDuration: 300, stalledInterval: 150 });

    const ran: number[] = [];
    const survivor = queue("bullmq", { lockMs: 300 });
    survivor.register("reply", {
      maxAttempts: 3,
      run: async ({ n }, context) => {
        ran.push(n);
        expect(context.jobId).toBe(id);
      },
    });
    survivor.start();
    await survivor.idle();
    expect(ran).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ status: "done" });
  });

  it("hands over a committed job whose producer died before handing it over", async () => {
    // the row of a transaction that committed, written by a process that exited right after
    const id = await insertGreetRow("orphan");
    expect(await greetedByBullMq()).toEqual(["orphan"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("runs a job once when its row is handed over a second time", async () => {
    const ran: number[] = [];
    const jobs = onceQueue(ran);
    jobs.start();
    const id = await jobs.enqueue("once", { n: 1 });
    await jobs.idle();
    // an instance that did not see the first hand-over makes a second one
    await database.db.updateTable("jobs").set({ status: "queued" }).where("id", "=", id).execute();
    await sleep(150); // a few sweeps
    await jobs.idle();
    expect(ran).toEqual([1]);
  });

  it("does not run a job whose end is already recorded (its worker died right after)", async () => {
    const ran: number[] = [];
    const producer = onceQueue(ran);
    const id = await producer.enqueue("once", { n: 1 });
    // handed over to BullMQ; nobody works on it yet
    await waitFor(async () => (await jobRow(id))?.status === "running");
    await database.db.updateTable("jobs").set({ status: "done" }).where("id", "=", id).execute();
    const jobs = onceQueue(ran);
    jobs.start();
    await jobs.idle();
    expect(ran).toEqual([]);
  });

  it("hands a job over again when Redis lost it", async () => {
    const producer = queue("bullmq", { handOverLeaseMs: 200 });
    producer.register("reply", { maxAttempts: 1, run: async () => {} });
    const id = await producer.enqueue("reply", { n: 1 });
    await waitFor(async () => (await jobRow(id))?.status === "running");
    // Redis restarts without persistence
    await obliterate();
    const ran: number[] = [];
    const jobs = queue("bullmq", { handOverLeaseMs: 200 });
    jobs.register("reply", { maxAttempts: 1, run: async ({ n }) => void ran.push(n) });
    jobs.start();
    await waitFor(async () => (await jobRow(id))?.status === "done");
    expect(ran).toEqual([1]);
  });

  it("runs a new job whose row id a kept finished job of a reset database had", async () => {
    const ran: number[] = [];
    const jobs = onceQueue(ran);
    jobs.start();
    const id = await jobs.enqueue("once", { n: 1 });
    await jobs.idle();
    // the database is reset and gives the same id to a new job; BullMQ still keeps the first
    await database.db
      .updateTable("jobs")
      .set({ status: "queued", attempts: 0, payload: JSON.stringify({ n: 2 }), run_at: Date.now() + 1 })
      .where("id", "=", id)
      .execute();
    await waitFor(async () => (await jobRow(id))?.status === "done");
    expect(ran).toEqual([1, 2]);
  });

  it("leaves alone a row whose id a job of another database on the same prefix has", async () => {
    const runAt = Date.now();
    const id = await insertGreetRow("ours", runAt);
    // another database's job with the same row id, added to this prefix
    await withRedis(async (connection) => {
      const foreign = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix });
      await foreign.add("greet", { name: "theirs" }, { jobId: `job-${id}-${runAt - 1}` });
      await foreign.close();
    });
    expect(await greetedByBullMq()).toEqual(["ours"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
  });
});

/** A process id nobody uses any more (the process ran and exited). */
function deadPid(): number {
  const finished = spawnSync(process.execPath, ["-e", ""]);
  if (!finished.pid) throw new Error("could not start a process");
  return finished.pid;
}

describe.each(kinds)("the %s job queue, recovering in seconds (decision 39)", (kind) => {
  it("ends an attempt that passes its handler's deadline, aborts its signal and tries again", async () => {
    const signals: AbortSignal[] = [];
    const jobs = queue(kind);
    jobs.register("stream", {
      maxAttempts: 2,
      deadlineMs: 200,
      run: async (_payload, { signal, attempt }) => {
        if (signal) signals.push(signal);
        // the first attempt hangs and ignores its signal (a stream of keep-alives)
        if (attempt === 1) await new Promise(() => {});
      },
    });
    jobs.start();
    const id = await jobs.enqueue("stream", {});
    await jobs.idle(10_000);
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toBeInstanceOf(JobDeadlineError);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("abandons a running job after the shutdown grace period and leaves it to be retried, attempt not counted", async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = queue(kind);
    first.register("stream", {
      maxAttempts: 1,
      run: async (_payload, { signal }) => {
        started();
        // a stalled upstream: only the abort ends it
        await new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
      },
    });
    first.start();
    const id = await first.enqueue("stream", {});
    await running;
    const stopping = Date.now();
    await first.stop({ graceMs: 100 });
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect((await jobRow(id))?.status).not.toBe("failed");

    const attempts: number[] = [];
    const second = queue(kind);
    second.register("stream", {
      maxAttempts: 1,
      run: async (_payload, { attempt }) => void attempts.push(attempt),
    });
    second.start();
    await second.idle(10_000);
    // a job with one attempt ran again: the abandoned attempt did not count
    expect(attempts).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ status: "done" });
  });
});

describe("an external queue's attempt begins once", () => {
  it("a second copy of the attempt this process runs is refused; a later attempt, another process or an ended lease take over", async () => {
    const jobs = new JobRepository(database.db, database.dialect);
    const runAt = Date.now();
    const id = await insertGreetRow("twice", runAt);
    const identity = { id, kind: "greet", runAt };
    const lease = () => Date.now() + 60_000;
    expect(await jobs.begin(identity, 1, lease(), "boot-a")).toBe(true);
    // BullMQ held the job twice: the same attempt again, in the process that runs it
    expect(await jobs.begin(identity, 1, lease(), "boot-a")).toBe(false);
    // the next attempt after a failure, in the same process
    expect(await jobs.begin(identity, 2, lease(), "boot-a")).toBe(true);
    // another process takes over the attempt an ending process abandoned
    expect(await jobs.begin(identity, 2, lease(), "boot-b")).toBe(true);
    // the same process again once its lease has ended (its run is gone)
    expect(await jobs.begin(identity, 2, Date.now() - 1, "boot-c")).toBe(true);
    expect(await jobs.begin(identity, 2, lease(), "boot-c")).toBe(true);
  });
});

describe("a restarted process takes back at once what its dead earlier run held (decision 39)", () => {
  const instance = `crash-${randomBytes(4).toString("hex")}`;

  it("database: runs the job at once, not when its 60 s lease ends", async () => {
    const ran: number[] = [];
    const jobs = new DatabaseJobQueue(database.db, database.dialect, {
      kinds: kindsOfTests,
      pollMs: 20,
      instance,
    });
    cleanups.push(() => jobs.stop());
    jobs.register("reply", { maxAttempts: 3, run: async ({ n }) => void ran.push(n) });
    const id = await jobs.enqueue("reply", { n: 1 });
    // the earlier run on this machine claimed it (60 s lease) and was killed
    await claimAs(`${instance}#${deadPid()}#x`);
    // a live process of this machine holds another: not taken
    const live = await jobs.enqueue("reply", { n: 2 });
    await claimAs(`${instance}#${process.ppid}#y`);
    // nor one of another machine
    const elsewhere = await jobs.enqueue("reply", { n: 3 });
    await claimAs(`other-host#${deadPid()}#z`);
    jobs.start();
    await waitFor(async () => (await jobRow(id))?.status === "done");
    expect(ran).toEqual([1]);
    expect((await jobRow(live))?.status).toBe("running");
    expect((await jobRow(elsewhere))?.status).toBe("running");
  });

  it.runIf(redisUrl)(
    "BullMQ: puts the job back in the wait list at once, not after its lock and stall check",
    async () => {
      const producer = queue("bullmq");
      producer.register("reply", { maxAttempts: 3, run: async () => {} });
      const id = await producer.enqueue("reply", { n: 1 });
      // a worker of the earlier run takes the job (a 60 s lock) and is killed
      await workerTakesJobAndDies({ lockDuration: 60_000, stalledInterval: 60_000 });
      await database.db
        .updateTable("jobs")
        .set({ locked_by: `${instance}#${deadPid()}#x` })
        .where("id", "=", id)
        .execute();

      const ran: number[] = [];
      const restarted = new BullMqJobQueue(database.db, database.dialect, {
        kinds: kindsOfTests,
        redisUrl: redisUrl ?? "",
        prefix,
        sweepMs: 50,
        instance,
      });
      cleanups.push(() => restarted.stop());
      restarted.register("reply", { maxAttempts: 3, run: async ({ n }) => void ran.push(n) });
      restarted.start();
      await waitFor(async () => (await jobRow(id))?.status === "done");
      expect(ran).toEqual([1]);
    },
  );
});

describe.runIf(redisUrl)("the BullMQ job queue when Redis is lost (decision 39)", () => {
  it("says Redis is down in the health check, and ok again", async () => {
    const jobs = new BullMqJobQueue(database.db, database.dialect, {
      kinds: kindsOfTests,
      redisUrl: "redis://127.0.0.1:1",
      prefix,
    });
    cleanups.push(() => jobs.stop());
    expect((await jobs.check()).status).toBe("down");
    expect((await (queue("bullmq") as BullMqJobQueue<TestJobs>).check()).status).toBe("ok");
  });

  it("hands over again, as soon as Redis is back, the jobs whose entries it lost", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: number[] = [];
    // the hand-over lease is long: only Redis's return may bring the job back
    const jobs = queue("bullmq", { handOverLeaseMs: 10 * 60_000 });
    jobs.register("reply", {
      maxAttempts: 3,
      run: async ({ n }) => {
        ran.push(n);
        if (ran.length === 1) await released; // the first run is cut off by the outage
      },
    });
    jobs.start();
    const id = await jobs.enqueue("reply", { n: 1 });
    await waitFor(async () => ran.length === 1);
    // Redis restarts without persistence: its jobs are gone and every connection drops
    await obliterate();
    const admin = new Redis(redisUrl ?? "", { maxRetriesPerRequest: null });
    const clients = String(await admin.client("LIST"));
    // every producer of this file's prefix: one an earlier test stopped may still be listed while it closes
    const producers = clients
      .split("\n")
      .filter((line) => line.includes(`name=${prefix}:producer:`))
      .map((line) => line.match(/^id=(\d+)/)?.[1] ?? "");
    expect(producers.length).toBeGreaterThan(0);
    for (const producer of producers) await admin.client("KILL", "ID", producer).catch(() => 0);
    await admin.quit();
    // handed over again long before the lease: it runs again while the first run still hangs
    await waitFor(async () => ran.length === 2);
    release();
    await waitFor(async () => (await jobRow(id))?.status === "done");
    expect(ran).toEqual([1, 1]);
  });
});
