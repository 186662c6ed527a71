import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

/** node:sqlite binds no booleans or undefined; Kysely may hand us both. */
function toSqliteValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value === undefined) return null;
    if (value instanceof Date) return value.toISOString();
    return value as SQLInputValue;
  });
}

/** Prepared statements kept per connection; past this many, the least recently used is dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Adapts node:sqlite (built into Node, no native addon to compile) to the
 * better-sqlite3-shaped interface of Kysely's SqliteDialect. Statements are prepared once per SQL
 * text and reused: preparing was about half of SQLite's CPU on the chat path. SQLite prepares a
 * kept statement again by itself when the schema changes; statements run one at a time on this
 * one connection, so reuse is safe (nothing here streams rows with `iterate`).
 */
function adapt(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept) {
        // most recently used last, so the first key is the one to drop
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const adapted = prepareStatement(database, sql);
      statements.set(sql, adapted);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return adapted;
    },
  };
}

function prepareStatement(database: DatabaseSync, sql: string): SqliteStatement {
  const statement = database.prepare(sql);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqliteValues(parameters)),
    run: (parameters) => {
      const result = statement.run(...toSqliteValues(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...toSqliteValues(parameters)),
  };
}

export function createSqliteDialect(filename: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const database = new DatabaseSync(filename, { timeout: 5_000 });
      database.exec("PRAGMA journal_mode = WAL");
      database.exec("PRAGMA synchronous = NORMAL");
      database.exec("PRAGMA foreign_keys = ON");
      return adapt(database);
    },
  });
}
