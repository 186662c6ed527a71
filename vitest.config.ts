import { availableParallelism } from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const integrationFiles = ["apps/server/test/integration/**/*.test.ts"];

const integration = (database: "sqlite" | "postgres"): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: `integration:${database}`,
    include: integrationFiles,
    environment: "node",
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: 1 },
    // every file builds its own app on its own database, so the files of a worker may share the
    // loaded modules: loading the server's module graph once per worker instead of once per file
    // halves the integration run (decision 49)
    isolate: false,
  },
});

export default defineConfig({
  // the web app's import alias, for its unit tests
  resolve: { alias: { "@": new URL("./apps/web/src", import.meta.url).pathname } },
  test: {
    reporters: ["default", "./scripts/vitest-summary-reporter.ts"],
    // Vitest's default (one worker fewer than the cores) is a single worker on CI's two cores, and the
    // integration files wait on databases and timers more than they compute: two at once halve
    // their wall time there (so do the browser files, see the e2e project).
    maxWorkers: Math.max(availableParallelism(), 2),
    // node:sqlite prints an ExperimentalWarning in every worker otherwise
    execArgv: ["--disable-warning=ExperimentalWarning"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["apps/*/src/**/*.test.ts", "packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      integration("sqlite"),
      // Postgres runs only where a server is given, as in CI (.ci/run sets DATABASE_URL).
      ...(process.env.DATABASE_URL ? [integration("postgres")] : []),
      {
        extends: true,
        test: {
          // the byte budgets read the built web app (npm test builds it first)
          name: "budgets",
          include: ["apps/web/budgets/**/*.test.ts"],
          environment: "node",
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          // two files at once: a file's browser, server and test runner mostly wait on one another
          // (about half a core between them), so a second file fills CI's other core; every file
          // signs up its own accounts and makes its own characters on the shared server
          maxWorkers: 2,
          // a group of its own, so the two files are all that run
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one more try for a browser test that timed out while two files shared CI's two cores;
          // the failed try still prints its pages' report (support/browser.ts), so a flake shows
          retry: 1,
        },
      },
    ],
  },
});
