import { DatabaseSync, type SQLInputValue } from "node:sqlite";

/**
 * Opens a server's SQLite file for one use and closes it again, so the running server is never
 * left waiting on a lock the test holds.
 */
export function withDatabase<R>(
  sqlitePath: string,
  use: (database: DatabaseSync) => R,
  options: { readOnly?: boolean } = {},
): R {
  const database = new DatabaseSync(sqlitePath, { readOnly: options.readOnly ?? false });
  try {
    return use(database);
  } finally {
    database.close();
  }
}

/** The rows of a query on a server's SQLite file, opened read-only. */
export function queryDatabase<T>(sqlitePath: string, sql: string, ...values: SQLInputValue[]): T[] {
  return withDatabase(sqlitePath, (database) => database.prepare(sql).all(...values) as T[], {
    readOnly: true,
  });
}
