/**
 * `npm run bench`: the moderation rules, the catalog read bench, the chat bench, then the sign-in flood bench. Benchmarks measure, they do not
 * gate: a missed target is printed as MISS and the exit code stays 0; only a bench that could not
 * run exits non-zero.
 */
import { runCatalogBench } from "./catalog.ts";
import { runChatBench } from "./chat.ts";
import { runModerationBench } from "./moderation.ts";
import { runSignInFloodBench } from "./sign-in-flood.ts";

console.log(
  "Reverie benchmarks (measurements, not tests: a missed target prints MISS and does not fail the run)",
);
try {
  await runModerationBench();
  await runCatalogBench();
  await runChatBench();
  await runSignInFloodBench();
} catch (error) {
  console.error("\nthe benchmark could not run:", error);
  process.exitCode = 1;
}
