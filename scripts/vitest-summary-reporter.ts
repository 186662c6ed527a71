import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest files the summary names, so a CI log shows where the time goes. */
const SLOWEST_SHOWN = 12;

/**
 * Ends a run with the slowest test files, then one plain line, "N passed, N failed, N skipped",
 * that CI logs can be read by.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
    }
    const slowest = testModules
      .map((module) => ({
        name: `${module.project.name} ${module.relativeModuleId}`,
        seconds: module.diagnostic().duration / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN);
    if (slowest.length > 1) {
      console.log("\nslowest files:");
      for (const file of slowest) console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
    }
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
