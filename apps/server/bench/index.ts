/**
 * `npm run bench`: every benchmark, one after the other, then BENCHMARKS.md with the figures of this
 * run. Benchmarks measure, they do not gate: a missed target is printed as MISS and written down;
 * only a benchmark that could not run makes the exit code non-zero (the others still run).
 */
import { writeBenchmarks } from "./benchmarks-file.ts";
import { runChatBench } from "./chat.ts";
import { runHttpBench } from "./http.ts";
import type { BenchReport } from "./lib.ts";
import { runLighthouseBench } from "./lighthouse.ts";
import { runLongChatBench } from "./long-chat.ts";
import { runLongChatScrollBench } from "./long-chat-scroll.ts";
import { runModerationBench } from "./moderation.ts";
import { runSignInFloodBench } from "./sign-in-flood.ts";
import { runSocketsBench } from "./sockets.ts";

const BENCHES: { name: string; run: () => Promise<BenchReport | BenchReport[]> }[] = [
  { name: "moderation rules", run: runModerationBench },
  { name: "HTTP: app against a bare Fastify", run: runHttpBench },
  { name: "chat", run: runChatBench },
  { name: "long chat: server time of a page", run: runLongChatBench },
  { name: "long chat: scrolling in Chromium", run: runLongChatScrollBench },
  { name: "idle sockets", run: runSocketsBench },
  { name: "Lighthouse", run: runLighthouseBench },
  { name: "sign-in flood", run: runSignInFloodBench },
];

console.log(
  "Reverie benchmarks (measurements, not tests: a missed target prints MISS and does not fail the run)",
);
const startedAt = new Date();
const reports: BenchReport[] = [];
for (const bench of BENCHES) {
  try {
    const result = await bench.run();
    reports.push(...(Array.isArray(result) ? result : [result]));
  } catch (error) {
    console.error(`\nthe ${bench.name} benchmark could not run:`, error);
    process.exitCode = 1;
    reports.push({
      title: bench.name,
      setup: "It could not run.",
      targets: [
        { measure: "ran", value: String(error).split("\n")[0] ?? "error", target: "ran", met: false },
      ],
    });
  }
}
await writeBenchmarks(reports, { startedAt, seconds: (Date.now() - startedAt.getTime()) / 1000 });
console.log("\nBENCHMARKS.md written.");
