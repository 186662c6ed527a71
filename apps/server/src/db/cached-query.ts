import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Stands for a value while the query is built and compiled; replaced by the value at each run. */
class Slot {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }
}

/** The values a cached query is built with: each field stands for the value given at each run. */
export type Slots<Values> = { readonly [Name in keyof Values]: Values[Name] };

interface Compiled {
  query: CompiledQuery;
  /** where each parameter comes from: a value's name, or a constant of the query itself */
  parameters: ({ slot: string } | { constant: unknown })[];
}

/**
 * A query built and compiled once per database (dialect), then run with new values. Kysely
 * otherwise builds its immutable query tree and compiles it to SQL on every call: ~15 µs in a
 * tight loop and several times that on a busy server, a fifth of the chat path's CPU per message
 * across its dozen queries (apps/server/bench/README.md).
 *
 * `build` gets stand-ins for the values: use each one where a value goes (a comparison, an insert
 * or update value, a limit), one by one: the stand-ins have no keys to spread or list. The query's
 * shape must not depend on the values: no `in` lists of varying length, no columns left out when
 * a value is undefined. A database with Kysely plugins compiles
 * at every run, since plugins may rewrite the query.
 */
export function cachedQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, values: Slots<Values>) => Compilable<Row>,
) {
  const slots = new Proxy({} as Slots<Values>, {
    get: (_target, name) => new Slot(String(name)),
    ownKeys: () => {
      throw new Error(
        "cachedQuery: name each value where it goes (values({ a: v.a })), not the whole object",
      );
    },
  });
  // by dialect adapter: one per database handle, shared by its transactions
  const compiledFor = new WeakMap<object, Compiled>();

  function compile(db: Kysely<Database>): Compiled {
    const query = build(db, slots).compile();
    return {
      query,
      parameters: query.parameters.map((parameter) =>
        parameter instanceof Slot ? { slot: parameter.name } : { constant: parameter },
      ),
    };
  }

  function bind(db: Kysely<Database>, values: Values): CompiledQuery<Row> {
    const executor = db.getExecutor();
    let compiled: Compiled;
    if (executor.plugins.length > 0) compiled = compile(db);
    else {
      const cached = compiledFor.get(executor.adapter);
      compiled = cached ?? compile(db);
      if (!cached) compiledFor.set(executor.adapter, compiled);
    }
    return {
      ...compiled.query,
      parameters: compiled.parameters.map((parameter) =>
        "slot" in parameter ? values[parameter.slot] : parameter.constant,
      ),
    } as CompiledQuery<Row>;
  }

  return {
    /** Every row the query returns. */
    async rows(db: Kysely<Database>, values: Values): Promise<Row[]> {
      return (await db.getExecutor().executeQuery(bind(db, values))).rows;
    },
    /** The first row, if any. */
    async first(db: Kysely<Database>, values: Values): Promise<Row | undefined> {
      return (await db.getExecutor().executeQuery(bind(db, values))).rows[0];
    },
    /** How many rows an update or delete changed. */
    async affected(db: Kysely<Database>, values: Values): Promise<number> {
      return Number((await db.getExecutor().executeQuery(bind(db, values))).numAffectedRows ?? 0);
    },
  };
}
