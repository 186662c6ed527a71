import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
const biomeBin = path.join(repositoryRoot, "node_modules/@biomejs/biome/bin/biome");

/** A one-import file at a path of the repository, and whether the import rules must refuse it. */
interface Probe {
  file: string;
  imports: string;
  refused: boolean;
}

/** A file under apps/server/src. */
const probe = (file: string, imports: string, refused: boolean): Probe => ({
  file: `apps/server/src/${file}`,
  imports,
  refused,
});
/** A file under apps/web/src. */
const webProbe = (file: string, imports: string, refused: boolean): Probe => ({
  file: `apps/web/src/${file}`,
  imports,
  refused,
});

const PROBES: Probe[] = [
  probe("providers/email/probe.ts", "../../services/chats.ts", true),
  probe("providers/email/probe-schema.ts", "../../db/schema.ts", true),
  probe("providers/llm/probe.ts", "../../repositories/messages.ts", true),
  probe("providers/image/probe.ts", "../../jobs/image.ts", true),
  probe("providers/image/probe-bus.ts", "../../realtime/bus.ts", true),
  probe("providers/tts/probe.ts", "../../lib/health-check.ts", false),
  probe("providers/llm/probe.test.ts", "../../db/seed/characters.ts", false),
  probe("providers/llm/probe-repository.test.ts", "../../repositories/chats.ts", true),
  probe("routes/probe.ts", "../repositories/email-outbox.ts", true),
  probe("routes/probe-schema.ts", "../db/schema.ts", true),
  probe("routes/probe-queue.ts", "../queue/job-queue.ts", true),
  probe("routes/probe-bus.ts", "../realtime/bus.ts", true),
  probe("routes/probe-service.ts", "../services/chats.ts", false),
  probe("routes/probe-plugin.ts", "../plugins/authenticate.ts", false),
  probe("jobs/probe.ts", "../repositories/chats.ts", true),
  probe("jobs/probe-schema.ts", "../db/schema.ts", true),
  probe("jobs/probe-plugin.ts", "../plugins/authenticate.ts", true),
  probe("jobs/probe-service.ts", "../services/answers.ts", false),
  probe("jobs/probe-bus.ts", "../realtime/bus.ts", false),
  probe("repositories/probe.ts", "../services/chats.ts", true),
  probe("repositories/probe-provider.ts", "../providers/llm/types.ts", true),
  probe("repositories/probe-bus.ts", "../realtime/bus.ts", true),
  probe("repositories/probe-schema.ts", "../db/schema.ts", false),
  probe("services/probe.ts", "../routes/chats.ts", true),
  probe("services/probe-job.ts", "../jobs/reply.ts", true),
  probe("services/probe-plugin.ts", "../plugins/authenticate.ts", true),
  probe("services/probe-cache.ts", "../http-cache/policy.ts", true),
  probe("services/index.ts", "../jobs/reply.ts", false),
  probe("services/probe-repository.ts", "../repositories/chats.ts", false),
  probe("services/probe-auth.ts", "../auth/password-hashing.ts", false),
  probe("wiring/probe.ts", "../routes/chats.ts", true),
  probe("wiring/probe-job.ts", "../jobs/reply.ts", false),
  probe("queue/probe.ts", "../jobs/reply.ts", true),
  probe("queue/probe-bus.ts", "../realtime/bus.ts", true),
  probe("queue/probe-repository.ts", "../repositories/jobs.ts", false),
  probe("lib/probe.ts", "../services/health.ts", true),
  probe("lib/probe-plugin.ts", "../plugins/compression.ts", true),
  probe("media/probe.ts", "../providers/image/procedural/index.ts", true),
  probe("media/probe-lib.ts", "../lib/seeded-random.ts", false),
  probe("realtime/probe.ts", "../services/accounts.ts", true),
  probe("realtime/probe-repository.ts", "../repositories/users.ts", true),
  probe("realtime/probe-errors.ts", "../errors.ts", false),
  probe("db/probe.ts", "../services/catalog.ts", true),
  probe("db/migrations/probe.ts", "../../repositories/chats.ts", true),
  probe("db/probe-config.ts", "../config.ts", false),
  probe("db/seed/probe.ts", "../../services/catalog.ts", true),
  probe("db/seed/probe-provider.ts", "../../providers/llm/types.ts", true),
  probe("db/seed/probe-renderer.ts", "../../providers/image/procedural/index.ts", false),
  probe("db/seed/probe-media.ts", "../../media/sizes.ts", false),
  probe("db/cli.ts", "../repositories/chats.ts", true),
  probe("http-cache/probe.ts", "../plugins/compression.ts", true),
  probe("http-cache/probe-sibling.ts", "./negotiation.ts", false),
  probe("auth/probe.ts", "../services/accounts.ts", true),
  probe("auth/probe-provider.ts", "../providers/llm/types.ts", true),
  probe("auth/probe-email.ts", "../providers/email/index.ts", false),
  probe("auth/probe-db.ts", "../db/database.ts", false),
  probe("emails/probe.ts", "../services/accounts.ts", true),
  probe("emails/probe-lib.ts", "../lib/health-check.ts", false),
  probe("web-app/probe.ts", "../plugins/web-app.ts", true),
  probe("web-app/probe-media.ts", "../media/storage.ts", false),
  probe("plugins/probe.ts", "../repositories/users.ts", true),
  probe("plugins/probe-route.ts", "../routes/chats.ts", true),
  probe("plugins/probe-service.ts", "../services/accounts.ts", false),
  probe("plugins/probe-cache.ts", "../http-cache/policy.ts", false),
  probe("errors.ts", "./services/accounts.ts", true),
  probe("config.ts", "./providers/ad-postback/url-template.ts", false),
  probe("app-probe.ts", "./repositories/chats.ts", true),
  probe("worker-probe.ts", "./queue/job-queue.ts", true),
  probe("main-probe.ts", "./services/index.ts", false),
  webProbe("features/chat/probe.ts", "@/features/catalog/api/get-models", true),
  webProbe("features/chat/components/probe.tsx", "../../billing/components/plans", true),
  webProbe("features/chat/probe-own.ts", "@/features/chat/api/get-chat", false),
  webProbe("features/chat/components/probe-ui.tsx", "@/components/ui/button", false),
  webProbe("features/chat/probe-lib.ts", "@/lib/api-client", false),
  webProbe("components/ui/probe.tsx", "@/features/chat/api/get-chat", true),
  webProbe("components/ui/probe-app.tsx", "@/app/router", true),
  webProbe("components/ui/probe-lib.tsx", "@/lib/cn", false),
  webProbe("lib/probe.ts", "@/features/billing/api/get-plans", true),
  webProbe("hooks/probe.ts", "../features/catalog/api/get-models", true),
  webProbe("hooks/probe-lib.ts", "@/lib/api-client", false),
  webProbe("app/probe.ts", "@/features/chat/api/get-chat", false),
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
    const target = path.join(workDir, file);
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

describe("import directions (biome.json noRestrictedImports)", () => {
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
        diagnostic.location.path.replaceAll("\\", "/").endsWith(file),
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

interface Override {
  includes: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options: { patterns: Array<{ group: string[] }> } } } };
  };
}

describe("server folders (biome.json)", () => {
  it("has an import rule for every folder of apps/server/src", async () => {
    const config = JSON.parse(await readFile(path.join(repositoryRoot, "biome.json"), "utf8")) as {
      overrides: Override[];
    };
    const covered = new Set(
      config.overrides
        .filter((override) => override.linter?.rules?.style?.noRestrictedImports)
        .flatMap((override) => override.includes)
        .map((include) => /^apps\/server\/src\/([^/!*]+)\//.exec(include)?.[1])
        .filter((folder) => folder !== undefined),
    );
    const folders = (await readdir(path.join(repositoryRoot, "apps/server/src"), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(
      folders.filter((folder) => !covered.has(folder)),
      "add a noRestrictedImports override to biome.json (decision 20 says which direction each folder takes)",
    ).toEqual([]);
  });
});

describe("web feature zones (biome.json, one override per feature)", () => {
  it("has, for every folder of apps/web/src/features, an override refusing every other feature", async () => {
    const config = JSON.parse(await readFile(path.join(repositoryRoot, "biome.json"), "utf8")) as {
      overrides: Override[];
    };
    const featuresDir = path.join(repositoryRoot, "apps/web/src/features");
    const features = (await readdir(featuresDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(1);
    for (const feature of features) {
      const zone = config.overrides.find(
        (override) => override.includes.join() === `apps/web/src/features/${feature}/**`,
      );
      const groups = zone?.linter?.rules?.style?.noRestrictedImports?.options.patterns.map(
        (pattern) => pattern.group,
      );
      const others = features.filter((other) => other !== feature);
      // the override biome.json needs (copy a neighbour's and change the names)
      expect(groups, `biome.json has no import zone for features/${feature}`).toEqual([
        [
          "@/features/*",
          "@/features/*/**",
          `!@/features/${feature}`,
          `!@/features/${feature}/**`,
          "**/features/*/**",
          `!**/features/${feature}/**`,
        ],
        others.map((other) => `../**/${other}/**`),
      ]);
    }
  });
});
