import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ContentClassifier } from "../types.ts";

/** What the moderation rules must reach on the labelled set (decision 13). */
export const TARGETS = { recall: 1, falsePositiveRate: 0.02 } as const;

const caseSchema = z.object({
  text: z.string().min(1),
  expect: z.enum(["refuse", "pass"]),
  lang: z.string().regex(/^[a-z]{2}$/),
  note: z.string(),
});

export type EvaluationCase = z.infer<typeof caseSchema>;

/**
 * A labelled evaluation set: `main` (evaluation/cases.json, the six languages of the lexicons) or
 * `world` (evaluation/world-cases.json, the languages of the world rules); `all` is both.
 */
export function loadCases(set: "main" | "world" | "all" = "main"): EvaluationCase[] {
  if (set === "all") return [...loadCases("main"), ...loadCases("world")];
  const file = set === "main" ? "./cases.json" : "./world-cases.json";
  return z.array(caseSchema).parse(JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")));
}

export interface EvaluationScore {
  mustRefuse: number;
  mustPass: number;
  /** must-refuse cases that were refused */
  caught: number;
  /** must-pass cases that were refused */
  falsePositives: number;
  /** caught / mustRefuse */
  recall: number;
  /** falsePositives / mustPass */
  falsePositiveRate: number;
  /** must-refuse cases that were let through */
  misses: EvaluationCase[];
  /** must-pass cases that were refused */
  falseAlarms: EvaluationCase[];
  meetsTargets: boolean;
}

/** Runs every case through the classifier (as a chat message) and scores the verdicts. */
export async function scoreClassifier(
  classifier: ContentClassifier,
  cases: EvaluationCase[],
): Promise<EvaluationScore> {
  const misses: EvaluationCase[] = [];
  const falseAlarms: EvaluationCase[] = [];
  for (const item of cases) {
    const verdict = await classifier.classify(item.text, "chat_message");
    if (item.expect === "refuse" && verdict.allowed) misses.push(item);
    if (item.expect === "pass" && !verdict.allowed) falseAlarms.push(item);
  }
  const mustRefuse = cases.filter((item) => item.expect === "refuse").length;
  const mustPass = cases.length - mustRefuse;
  const caught = mustRefuse - misses.length;
  const recall = mustRefuse === 0 ? 1 : caught / mustRefuse;
  const falsePositiveRate = mustPass === 0 ? 0 : falseAlarms.length / mustPass;
  return {
    mustRefuse,
    mustPass,
    caught,
    falsePositives: falseAlarms.length,
    recall,
    falsePositiveRate,
    misses,
    falseAlarms,
    meetsTargets: recall >= TARGETS.recall && falsePositiveRate <= TARGETS.falsePositiveRate,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The score as `npm run eval:moderation` prints it. */
export function formatScore(score: EvaluationScore, cases: EvaluationCase[]): string {
  const lines = [
    `cases: ${cases.length} (${score.mustRefuse} must-refuse, ${score.mustPass} must-pass)`,
    `recall on must-refuse: ${percent(score.recall)} (${score.caught}/${score.mustRefuse}; target ${percent(TARGETS.recall)})`,
    `false positives on must-pass: ${percent(score.falsePositiveRate)} (${score.falsePositives}/${score.mustPass}; target <= ${percent(TARGETS.falsePositiveRate)})`,
  ];
  const languages = [...new Set(cases.map((item) => item.lang))];
  for (const lang of languages) {
    const mine = cases.filter((item) => item.lang === lang);
    const missed = score.misses.filter((item) => item.lang === lang).length;
    const alarms = score.falseAlarms.filter((item) => item.lang === lang).length;
    lines.push(`  ${lang}: ${mine.length} cases, ${missed} missed, ${alarms} false positives`);
  }
  for (const item of score.misses)
    lines.push(`MISSED (should refuse) [${item.lang}] ${JSON.stringify(item.text)}`);
  for (const item of score.falseAlarms)
    lines.push(`FALSE POSITIVE [${item.lang}] ${JSON.stringify(item.text)}`);
  lines.push(score.meetsTargets ? "targets met" : "TARGETS NOT MET");
  return lines.join("\n");
}
