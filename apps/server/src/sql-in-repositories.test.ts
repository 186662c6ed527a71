import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * SQL lives in repositories/ (and db/: the Kysely instance, migrations, seed). Everywhere else a
 * query is a repository call: a service may open a transaction (`db.transaction().execute(trx =>
 * …)`) and hand `trx` to repositories, but builds no query itself.
 */
const sourceRoot = path.dirname(fileURLToPath(import.meta.url));
const ALLOWED_FOLDERS = ["repositories", "db"];

/** What building or running a query looks like in Kysely. */
const QUERY_BUILDING: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  {
    what: "a query builder",
    pattern: /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/g,
  },
  { what: "running a query", pattern: /\.\s*(executeTakeFirst|executeTakeFirstOrThrow|stream)\s*\(/g },
  // a builder's execute() takes no argument; db.transaction().execute(callback) takes one
  { what: "running a query", pattern: /\.\s*execute\s*\(\s*\)/g },
  { what: "raw SQL", pattern: /\bsql\s*(<[^`]*?>)?\s*`/g },
  { what: "raw SQL", pattern: /\bsql\s*\.\s*(raw|ref|lit|id|table|join|val)\s*\(/g },
  { what: "raw SQL", pattern: /\bimport\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*["']kysely["']/g },
];

/** Comments blanked out (newlines kept, so offsets still give the right line). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, " "));
}

/** Each query built in `text`, as `line: what: the line`. */
function queryBuilding(text: string): string[] {
  const code = withoutComments(text);
  const lines = text.split("\n");
  const found: Array<{ line: number; text: string }> = [];
  for (const { what, pattern } of QUERY_BUILDING) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split("\n").length;
      found.push({ line, text: `${line}: ${what}: ${lines[line - 1]?.trim()}` });
    }
  }
  return found.sort((a, b) => a.line - b.line).map((entry) => entry.text);
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(sourceRoot, full).split(path.sep).join("/");
    if (entry.isDirectory()) {
      if (!ALLOWED_FOLDERS.includes(relative)) files.push(...(await sourceFiles(full)));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
      files.push(relative);
    }
  }
  return files;
}

describe("SQL only in repositories", () => {
  it("finds query building in the shapes the code writes it", () => {
    const sample = [
      "const last = await trx",
      '  .selectFrom("bundles")',
      '  .select((eb) => eb.fn.max("position").as("last"))',
      "  .executeTakeFirst();",
      'await trx.deleteFrom("media").where("id", "=", id).execute();',
      "const total = sql<number>`0`;",
      'import { type Kysely, sql } from "kysely";',
      "// a comment naming selectFrom( is no query",
      "await this.db.transaction().execute(async (trx) => repository(trx).save());",
    ].join("\n");
    expect(queryBuilding(sample).map((entry) => entry.split(":")[0])).toEqual(["2", "4", "5", "5", "6", "7"]);
  });

  it("no file outside repositories/ and db/ builds a query (tests excepted)", async () => {
    const offences: string[] = [];
    for (const file of await sourceFiles(sourceRoot)) {
      const text = await readFile(path.join(sourceRoot, file), "utf8");
      for (const found of queryBuilding(text)) offences.push(`${file}:${found}`);
    }
    expect(
      offences,
      "Move these queries into a repository (repositories/<table or concern>.ts) and call it; inside a transaction, construct the repository with trx.",
    ).toEqual([]);
  });
});
