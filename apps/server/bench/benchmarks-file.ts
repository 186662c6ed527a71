/**
 * BENCHMARKS.md at the repository root: the figures of the last `npm run bench`, every target with
 * its verdict first, then each benchmark's setup, full table and notes.
 */
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { type BenchReport, verdict } from "./lib.ts";

export const BENCHMARKS_FILE = path.resolve(import.meta.dirname, "../../../BENCHMARKS.md");

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).trim() !== "";
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown commit";
  }
}

export function renderBenchmarks(reports: BenchReport[], run: { startedAt: Date; seconds: number }): string {
  const targets = reports.flatMap((report) => report.targets.map((target) => ({ report, target })));
  const missed = targets.filter(({ target }) => target.met === false).length;
  const met = targets.filter(({ target }) => target.met === true).length;
  const lines = [
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` on ${run.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC ` +
      `(${commit()}), on ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ` +
      `${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.versions.node}, ` +
      `${process.env.DATABASE_URL ? "DATABASE_URL set" : "no DATABASE_URL"}, ` +
      `${process.env.REDIS_URL ? "REDIS_URL set" : "no REDIS_URL"}; the run took ${(run.seconds / 60).toFixed(1)} min.`,
    "How each is measured, and what changed to reach the targets: `apps/server/bench/README.md`.",
    "",
    `**${met} of ${targets.length} targets met, ${missed} missed.** Where a target is a ratio, the baseline ` +
      "was measured in the same run; absolute times on a shared 2-core machine are noisy.",
    "",
    "| benchmark | measure | value | target | baseline | |",
    "| --- | --- | --- | --- | --- | --- |",
    ...targets.map(
      ({ report, target }) =>
        `| ${cell(report.title)} | ${cell(target.measure)} | ${cell(target.value)} | ${cell(target.target)} | ` +
        `${cell(target.baseline ?? "")} | ${verdict(target.met)} |`,
    ),
  ];
  for (const report of reports) {
    lines.push("", `## ${report.title}`, "", report.setup);
    if (report.table) lines.push("", "```", report.table, "```");
    if (report.notes?.length) lines.push("", ...report.notes.map((note) => `- ${note}`));
  }
  return `${lines.join("\n")}\n`;
}

export async function writeBenchmarks(
  reports: BenchReport[],
  run: { startedAt: Date; seconds: number },
): Promise<void> {
  await writeFile(BENCHMARKS_FILE, renderBenchmarks(reports, run));
}
