import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedQuery } from "./cached-query.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

let db: Kysely<Database>;

beforeAll(async () => {
  db = new Kysely<Database>({ dialect: createSqliteDialect(":memory:") });
  await sql`create table leads (id integer primary key, user_id text, subid text, email text not null, status text, created_at text)`.execute(
    db,
  );
});
afterAll(() => db.destroy());

describe("cachedQuery", () => {
  it("builds and compiles once, then runs with each call's values", async () => {
    let builds = 0;
    const insert = cachedQuery((db, lead: { email: string; status: string }) => {
      builds++;
      return db
        .insertInto("leads")
        .values({ email: lead.email, status: lead.status, user_id: null, subid: "", created_at: "" })
        .returning(["id", "email"]);
    });
    const bySource = cachedQuery((db, where: { status: string; limit: number }) => {
      builds++;
      return (
        db
          .selectFrom("leads")
          .select("email")
          // a constant of the query stays what it is
          .where("email", "!=", "nobody@example.com")
          .where("status", "=", where.status)
          .orderBy("id")
          .limit(where.limit)
      );
    });

    expect(await insert.first(db, { email: "a@example.com", status: "ad" })).toMatchObject({
      email: "a@example.com",
    });
    await insert.first(db, { email: "b@example.com", status: "ad" });
    await insert.first(db, { email: "c@example.com", status: "search" });
    // a transaction shares its database's compiled query
    await db.transaction().execute((trx) => insert.rows(trx, { email: "d@example.com", status: "ad" }));

    expect(await bySource.rows(db, { status: "ad", limit: 2 })).toEqual([
      { email: "a@example.com" },
      { email: "b@example.com" },
    ]);
    expect(await bySource.rows(db, { status: "ad", limit: 5 })).toHaveLength(3);
    expect(await bySource.first(db, { status: "none", limit: 5 })).toBeUndefined();
    expect(builds).toBe(2);
  });

  it("counts the rows an update changed", async () => {
    const rename = cachedQuery((db, change: { from: string; to: string }) =>
      db.updateTable("leads").set({ status: change.to }).where("status", "=", change.from),
    );
    expect(await rename.affected(db, { from: "ad", to: "campaign" })).toBe(3);
    expect(await rename.affected(db, { from: "ad", to: "campaign" })).toBe(0);
  });

  it("compiles again at every run for a database with plugins, which may rewrite the query", async () => {
    let builds = 0;
    const count = cachedQuery((db, where: { status: string }) => {
      builds++;
      return db
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", where.status);
    });
    const withPlugin = db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    });
    await count.first(withPlugin, { status: "campaign" });
    await count.first(withPlugin, { status: "campaign" });
    expect(builds).toBe(2);
  });

  it("refuses a query that spreads or lists the stand-ins, whose keys it cannot know", async () => {
    const spread = cachedQuery((db, lead: { email: string }) =>
      db.insertInto("leads").values({ ...lead, status: "new", subid: "", created_at: "" }),
    );
    await expect(spread.affected(db, { email: "e@example.com" })).rejects.toThrow(/name each value/);
  });
});
