import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const decisionsDir = path.join(root, "docs/decisions");
const decisionFiles = readdirSync(decisionsDir).filter((name) => /^\d{4}-.+\.md$/.test(name));

// where a path written in the docs may start: the repository, or the root of a workspace's source
const BASES = [
  "",
  "apps/server/src",
  "apps/server",
  "apps/web/src",
  "apps/web",
  "packages/shared/src",
  "packages/shared",
];

/** Backticked file paths (`jobs/queue.ts`, `apps/web/src/main.tsx`) that name no file in any base. */
function missingPaths(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const missing: string[] = [];
  for (const [, candidate] of text.matchAll(
    /`([\w@.\-/]+\/[\w@.-]+\.(?:ts|tsx|mjs|js|json|md|css|html))`/g,
  )) {
    // build outputs (dist/) exist only after a build
    if (!candidate || /^(\/|dist\/)/.test(candidate) || candidate.includes("node_modules")) continue;
    if (!BASES.some((base) => existsSync(path.join(root, base, candidate)))) missing.push(candidate);
  }
  return missing;
}

describe("decision records", () => {
  it.each(decisionFiles)("%s carries a status", (name) => {
    const third = readFileSync(path.join(decisionsDir, name), "utf8").split("\n")[2] ?? "";
    expect(third).toMatch(/^Status: (accepted|superseded by decision \d+)/);
  });

  it.each(decisionFiles)("%s names files that exist", (name) => {
    expect(missingPaths(path.join(decisionsDir, name))).toEqual([]);
  });

  it("a superseding decision is named by number and exists", () => {
    for (const name of decisionFiles) {
      const status = readFileSync(path.join(decisionsDir, name), "utf8").split("\n")[2] ?? "";
      for (const [, number] of status.matchAll(/decision (\d+)/g)) {
        const padded = String(number).padStart(4, "0");
        expect(
          decisionFiles.some((other) => other.startsWith(`${padded}-`)),
          `${name} → ${number}`,
        ).toBe(true);
      }
    }
  });
});

describe("architecture and spec map", () => {
  it.each(["docs/architecture.md", "docs/spec-map.md"])("%s names files that exist", (file) => {
    expect(missingPaths(path.join(root, file))).toEqual([]);
  });
});
