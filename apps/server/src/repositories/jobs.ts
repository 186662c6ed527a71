import { type Kysely, sql } from "kysely";
import type { Database, JobRow } from "../db/schema.ts";

export class JobRepository {
  readonly #db: Kysely<Database>;
  readonly #postgres: boolean;

  constructor(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
    this.#db = db;
    this.#postgres = dialect === "postgres";
  }

  async insert(job: { kind: string; payload: string; maxAttempts: number; runAt: number }): Promise<number> {
    const row = await this.#db
      .insertInto("jobs")
      .values({
        kind: job.kind,
        payload: job.payload,
        status: "queued",
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Takes the next due job: a queued one, or a running one whose lease ran out (its worker died).
   * One statement, so two workers never take the same job (SKIP LOCKED on Postgres; SQLite has one writer).
   */
  async claim(now: number, leaseMs: number): Promise<JobRow | undefined> {
    let next = this.#db
      .selectFrom("jobs")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]),
          eb.and([eb("status", "=", "running"), eb("locked_until", "<", now)]),
        ]),
      )
      .orderBy("run_at")
      .orderBy("id")
      .limit(1);
    if (this.#postgres) next = next.forUpdate().skipLocked();
    const row = await this.#db
      .updateTable("jobs")
      .set({ status: "running", locked_until: now + leaseMs, attempts: sql`attempts + 1` })
      .where("id", "=", (eb) => eb.selectFrom(next.as("next")).select("next.id"))
      .returningAll()
      .executeTakeFirst();
    return row ? { ...row, run_at: Number(row.run_at), locked_until: Number(row.locked_until) } : undefined;
  }

  async complete(id: number): Promise<void> {
    await this.#db
      .updateTable("jobs")
      .set({ status: "done", locked_until: null })
      .where("id", "=", id)
      .execute();
  }

  async retryLater(id: number, runAt: number, error: string): Promise<void> {
    await this.#db
      .updateTable("jobs")
      .set({ status: "queued", run_at: runAt, locked_until: null, last_error: error })
      .where("id", "=", id)
      .execute();
  }

  async fail(id: number, error: string): Promise<void> {
    await this.#db
      .updateTable("jobs")
      .set({ status: "failed", locked_until: null, last_error: error })
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

  findById(id: number): Promise<JobRow | undefined> {
    return this.#db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  }
}
