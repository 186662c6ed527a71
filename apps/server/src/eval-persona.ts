import {
  evaluateSet,
  type Miss,
  meetsTargets,
  type Ratio,
  type SetFigures,
  TARGETS,
} from "./services/persona-evaluation/evaluation.ts";
import { computePersonaFigures, writePersonaFigures } from "./services/persona-evaluation/persona-figures.ts";

/**
 * `npm run eval:persona` (decision 43): the scripted conversations of providers/llm/evaluation/
 * played through the offline persona engine as the reply job plays a chat, and judged by the
 * written-down rules of services/persona-evaluation/judging.ts. Prints each set's figures per
 * category and against the bar decision 43 records; the tuning set's misses are listed (what a reply got
 * wrong), the three held-out sets' are counted, never listed: nobody tunes on them.
 *
 * `-- --write`: writes persona-figures.json, which a unit test holds the engine to.
 * `-- --tuning`: the tuning set alone (no held-out set), for whoever is changing the engine.
 * `-- --quiet`: no list of misses.
 */
const started = performance.now();
const tuningOnly = process.argv.includes("--tuning");
const quiet = process.argv.includes("--quiet");

const show = (value: Ratio) =>
  value.of === 0 ? "n/a" : `${value.hits}/${value.of} (${((value.rate ?? 0) * 100).toFixed(1)} %)`;
const mark = (met: boolean) => (met ? "meets" : "BELOW");

function format(title: string, figures: SetFigures): string {
  const met = meetsTargets(figures);
  const lines = [
    `== ${title}: ${figures.scripts} scripts (${Object.entries(figures.scripts_by_category)
      .map(([category, count]) => `${category} ${count}`)
      .join(
        ", ",
      )}), ${figures.characters.catalog} catalog and ${figures.characters.imported} imported characters, ${figures.replies} replies`,
    `fact recall when asked            ${show(figures.recall)}   target >= ${(TARGETS.recall * 100).toFixed(0)} %: ${mark(met.recall)}`,
    ...Object.entries(figures.recall.by_fact).map(([fact, value]) => `    ${fact.padEnd(28)} ${show(value)}`),
    `questions answered with content   ${show(figures.questions)}   target >= ${(TARGETS.questions * 100).toFixed(1)} %: ${mark(met.questions)}`,
    `    asked alone                  ${show(figures.questions.asked_alone)}`,
    `    asked two at once            ${show(figures.questions.asked_two_at_once)} (both answered: ${show(figures.questions.both_answered)})`,
    ...Object.entries(figures.questions.by_topic).map(
      ([topic, value]) => `    ${topic.padEnd(28)} ${show(value)}`,
    ),
    `follow-ups naming the thing       now ${show(figures.follow_ups.now)}, later ${show(figures.follow_ups.later)}`,
    `sentences repeated within a chat  ${show(figures.repeated_in_chat)}   target <= ${(TARGETS.repeated_in_chat * 100).toFixed(0)} %: ${mark(met.repeated_in_chat)}`,
    `sentences shared across characters ${show(figures.shared_across_characters)}   target <= ${(TARGETS.shared_across_characters * 100).toFixed(0)} %: ${mark(met.shared_across_characters)}`,
    `    with the card's own words masked ${show(figures.shared_across_characters.card_words_masked)}`,
    `canon answers consistent          one chat ${show(figures.consistency.one_chat)}, two chats ${show(figures.consistency.two_chats)}`,
    `reply length by message length    correlation ${figures.length.correlation ?? "n/a"}`,
    ...figures.length.buckets.map(
      (bucket) =>
        `    message ${bucket.message_words.padEnd(6)} words: ${String(bucket.replies).padStart(4)} replies, ${bucket.mean_reply_words ?? "-"} words on average (${bucket.min}-${bucket.max})`,
    ),
    `overall: ${Object.values(met).filter(Boolean).length} of ${Object.values(met).length} targets met`,
  ];
  return lines.join("\n");
}

function listMisses(misses: readonly Miss[]): string {
  return misses
    .map((miss) => `MISS ${miss.script} ${miss.kind}\n     user: ${miss.said}\n     reply: ${miss.reply}`)
    .join("\n");
}

const tuning = evaluateSet("tuning");
console.log(format("tuning set", tuning.figures));
if (!quiet && tuning.misses.length > 0) console.log(listMisses(tuning.misses));
if (!tuningOnly) {
  // counted, never listed
  console.log(`\n${format("held-out set (counted, never listed)", evaluateSet("held-out").figures)}`);
  console.log(
    `\n${format("second held-out set, written 2026-11-28 (counted, never listed)", evaluateSet("held-out-2").figures)}`,
  );
  console.log(
    `\n${format("third held-out set, written 2026-11-28 (counted, never listed)", evaluateSet("held-out-3").figures)}`,
  );
  console.log(
    `\n${format("fourth held-out set, written 2026-11-28 (counted, never listed)", evaluateSet("held-out-4").figures)}`,
  );
}
if (process.argv.includes("--write")) {
  writePersonaFigures(computePersonaFigures());
  console.log("\nwrote apps/server/src/providers/llm/evaluation/persona-figures.json");
}
console.log(`\n(${Math.round(performance.now() - started)} ms)`);
