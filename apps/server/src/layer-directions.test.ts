import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
const biomeBin = path.join(repositoryRoot, "node_modules/@biomejs/biome/bin/biome");

/** A one-import file at a path of the server, and whether the layer rules must refuse it. */
interface Probe {
  file: string;
  imports: string;
  refused: boolean;
}

const probe = (file: string, imports: string, refused: boolean): Probe => ({ file, imports, refused });

const PROBES: Probe[] = [
  probe("providers/email/probe.ts", "../../services/chats.ts", true),
  probe("providers/email/probe-schema.ts", "../../db/schema.ts", true),
  probe("providers/llm/probe.ts", "../../repositories/messages.ts", true),
  probe("providers/image/probe.ts", "../../jobs/image.ts", true),
  probe("providers/tts/probe.ts", "../../lib/health-check.ts", false),
  probe("providers/llm/probe.test.ts", "../../db/seed/characters.ts", false),
  probe("providers/llm/probe-repository.test.ts", "../../repositories/chats.ts", true),
  probe("routes/probe.ts", "../repositories/email-outbox.ts", true),
  probe("routes/probe-schema.ts", "../db/schema.ts", true),
  probe("routes/probe-queue.ts", "../queue/job-queue.ts", true),
  probe("routes/probe-service.ts", "../services/chats.ts", false),
  probe("jobs/probe.ts", "../repositories/chats.ts", true),
  probe("jobs/probe-schema.ts", "../db/schema.ts", true),
  probe("jobs/probe-service.ts", "../services/answers.ts", false),
  probe("repositories/probe.ts", "../services/chats.ts", true),
  probe("repositories/probe-provider.ts", "../providers/llm/types.ts", true),
  probe("services/probe.ts", "../routes/chats.ts", true),
  probe("services/probe-job.ts", "../jobs/reply.ts", true),
  probe("services/index.ts", "../jobs/reply.ts", false),
  probe("services/probe-repository.ts", "../repositories/chats.ts", false),
  probe("queue/probe.ts", "../jobs/reply.ts", true),
  probe("lib/probe.ts", "../services/health.ts", true),
  probe("media/probe.ts", "../providers/image/procedural/index.ts", true),
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/**
 * Lints the probes with the repository's own biome.json, in a copy of the server's layout under a
 * temporary directory rather than in src/: others lint, type-check and test this checkout at the
 * same time, and a wrong-way file in src/ would fail their runs while it exists.
 */
async function lintProbes(): Promise<{ workDir: string; diagnostics: Diagnostic[] }> {
  const workDir = await mkdtemp(path.join(tmpdir(), "reverie-layers-"));
  const config = JSON.parse(await readFile(path.join(repositoryRoot, "biome.json"), "utf8"));
  config.vcs = { enabled: false }; // the copy is no git checkout
  await writeFile(path.join(workDir, "biome.json"), JSON.stringify(config));
  for (const { file, imports } of PROBES) {
    const target = path.join(workDir, "apps/server/src", file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(
      target,
      `import type * as layer from "${imports}";\n\nexport type Probe = typeof layer;\n`,
    );
  }
  // Biome exits non-zero when it reports errors, which the refused probes are
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [biomeBin, "lint", "--reporter=json", "--max-diagnostics=none", "apps"],
    { cwd: workDir },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  const report = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
  return { workDir, diagnostics: report.diagnostics };
}

describe("layer directions (biome.json noRestrictedImports)", () => {
  let linted: Awaited<ReturnType<typeof lintProbes>>;
  beforeAll(async () => {
    linted = await lintProbes();
  }, 60_000);
  afterAll(async () => {
    if (linted) await rm(linted.workDir, { recursive: true, force: true });
  });

  const restrictions = (file: string) =>
    linted.diagnostics.filter(
      (diagnostic) =>
        diagnostic.category === "lint/style/noRestrictedImports" &&
        diagnostic.location.path.replaceAll("\\", "/").endsWith(`apps/server/src/${file}`),
    );

  it.each(PROBES.filter((candidate) => candidate.refused))(
    "refuses $file importing $imports, saying what to do instead",
    ({ file }) => {
      const found = restrictions(file);
      expect(found).toHaveLength(1);
      expect(found[0]?.message.length).toBeGreaterThan(60);
    },
  );

  it.each(PROBES.filter((candidate) => !candidate.refused))("lets $file import $imports", ({ file }) => {
    expect(restrictions(file)).toEqual([]);
  });
});
