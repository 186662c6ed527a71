import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrator.ts";
import { DatabaseJobQueue } from "../../src/jobs/queue.ts";
import { JobRepository } from "../../src/repositories/jobs.ts";
import { createTestDatabase } from "../helpers/test-app.ts";

let database: DatabaseHandle;
let drop: () => Promise<void>;
const queues: DatabaseJobQueue[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrateToLatest(database);
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  await database.db.deleteFrom("jobs").execute();
});
afterAll(async () => {
  await drop();
});

function queue(options: ConstructorParameters<typeof DatabaseJobQueue>[2] = {}) {
  const created = new DatabaseJobQueue(database.db, database.dialect, {
    pollMs: 20,
    backoffMs: () => 10,
    ...options,
  });
  queues.push(created);
  return created;
}

describe("the database job queue", () => {
  it("runs jobs, and a job added in a transaction only if the transaction commits", async () => {
    const ran: string[] = [];
    const jobs = queue();
    jobs.register<{ name: string }>("greet", {
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

  it("retries a failing job until it succeeds", async () => {
    let calls = 0;
    const jobs = queue();
    jobs.register("flaky", {
      maxAttempts: 3,
      run: async () => {
        calls++;
        if (calls < 3) throw new Error(`failure ${calls}`);
      },
    });
    jobs.start();
    const id = await jobs.enqueue("flaky", {});
    await jobs.idle();
    expect(calls).toBe(3);
    expect(await new JobRepository(database.db, database.dialect).findById(id)).toMatchObject({
      status: "done",
      attempts: 3,
    });
  });

  it("calls the failure hook once after the last attempt", async () => {
    const failures: unknown[] = [];
    const jobs = queue();
    jobs.register<{ order: number }>("doomed", {
      maxAttempts: 2,
      run: async () => {
        throw new Error("upstream is down");
      },
      onFailed: async (payload, error) => void failures.push({ payload, message: (error as Error).message }),
    });
    jobs.start();
    const id = await jobs.enqueue("doomed", { order: 7 });
    await jobs.idle();
    expect(failures).toEqual([{ payload: { order: 7 }, message: "upstream is down" }]);
    expect(await new JobRepository(database.db, database.dialect).findById(id)).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: "upstream is down",
    });
  });

  it("does not retry an error that says retrying cannot help", async () => {
    let calls = 0;
    const failures: unknown[] = [];
    const jobs = queue();
    jobs.register("rejected", {
      maxAttempts: 3,
      run: async () => {
        calls++;
        throw Object.assign(new Error("invalid api key"), { retryable: false });
      },
      onFailed: async (payload) => void failures.push(payload),
    });
    jobs.start();
    await jobs.enqueue("rejected", { n: 1 });
    await jobs.idle();
    expect(calls).toBe(1);
    expect(failures).toEqual([{ n: 1 }]);
  });

  it("finishes a job whose worker died mid-way once its lease runs out", async () => {
    const ran: number[] = [];
    const jobs = queue();
    jobs.register<{ n: number }>("reply", { maxAttempts: 3, run: async ({ n }) => void ran.push(n) });
    const id = await jobs.enqueue("reply", { n: 1 });
    // a worker claims it with a short lease, then dies without finishing
    const claimed = await new JobRepository(database.db, database.dialect).claim(Date.now(), 100);
    expect(claimed?.id).toBe(id);
    jobs.start();
    await jobs.idle();
    expect(ran).toEqual([1]);
    expect(await new JobRepository(database.db, database.dialect).findById(id)).toMatchObject({
      status: "done",
      attempts: 2,
    });
  });

  it("never runs a job twice with two workers on one database", async () => {
    const runs = new Map<number, number>();
    const handler = {
      maxAttempts: 1,
      run: async ({ n }: { n: number }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const first = queue();
    const second = queue();
    first.register("work", handler);
    second.register("work", handler);
    for (let n = 0; n < 30; n++) await first.enqueue("work", { n });
    first.start();
    second.start();
    await first.idle();
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
