import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

const trackedFiles = (): string[] =>
  execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);

type Dependencies = Record<string, string>;
interface Manifest {
  dependencies?: Dependencies;
  devDependencies?: Dependencies;
  optionalDependencies?: Dependencies;
  peerDependencies?: Dependencies;
  workspaces?: string[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;

describe("installs that reproduce", () => {
  // `npm ci` refuses a lock file whose recorded ranges differ from package.json's, and `npm install`
  // then rewrites it: this is the same comparison, for the root and every workspace.
  it("the lock file records exactly the ranges every package.json asks for", () => {
    const lock = readJson<{ packages: Record<string, Manifest> }>("package-lock.json");
    const rootManifest = readJson<Manifest>("package.json");
    const locations = ["", ...(rootManifest.workspaces ?? [])];
    for (const location of locations) {
      const manifest = readJson<Manifest>(path.join(location, "package.json"));
      const locked = lock.packages[location];
      expect(locked, `package-lock.json has no entry for "${location}"`).toBeDefined();
      for (const kind of [
        "dependencies",
        "devDependencies",
        "optionalDependencies",
        "peerDependencies",
      ] as const) {
        expect(locked?.[kind] ?? {}, `${location || "root"} ${kind}`).toEqual(manifest[kind] ?? {});
      }
    }
  });

  it("installs with npm ci, which never rewrites the lock file", () => {
    const script = readFileSync(path.join(root, "scripts/ensure-install.mjs"), "utf8");
    expect(script).toMatch(/spawnSync\("npm", \["ci"/);
    expect(script).not.toMatch(/\["install"/);
  });
});

describe("no machine paths", () => {
  // a path of one machine (a checkout, a home folder) works nowhere else
  const machinePath =
    /(?:^|[\s"'`(=:])(\/work\/[\w.-]+|\/home\/[\w.-]+|\/Users\/[\w.-]+|\/root\/[\w.-]+|[A-Z]:\\Users\\)/;

  it("no tracked file names an absolute path of a particular machine", () => {
    const offenders: string[] = [];
    for (const file of trackedFiles()) {
      if (file === "package-lock.json" || file === "scripts/repository-hygiene.test.ts") continue;
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        continue; // a tracked file deleted in the working tree
      }
      if (text.includes("\0")) continue; // binary
      text.split("\n").forEach((line, index) => {
        if (machinePath.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});

describe("code cites what is in the repository", () => {
  // the issue tracker is not in the repository: a comment cites the decision record or the spec
  it("no source file refers to an issue number", () => {
    const offenders: string[] = [];
    for (const file of trackedFiles()) {
      if (!/\.(?:ts|tsx|mjs|js|css|html)$/.test(file) || file === "scripts/repository-hygiene.test.ts")
        continue;
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        continue;
      }
      text.split("\n").forEach((line, index) => {
        if (/\bissue #?\d+\b/i.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});

describe("integration files share their worker's modules (decision 49)", () => {
  it("no integration file mocks a module or stubs a global for the files after it", () => {
    const offenders = trackedFiles()
      .filter((file) => file.startsWith("apps/server/test/integration/") && file.endsWith(".ts"))
      .filter((file) =>
        /\bvi\.(?:mock|doMock|stubGlobal)\(/.test(readFileSync(path.join(root, file), "utf8")),
      );
    expect(offenders).toEqual([]);
  });
});
