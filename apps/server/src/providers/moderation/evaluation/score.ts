import { readdirSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { ContentClassifier } from "../types.ts";

/**
 * What the moderation rules must reach (decision 13, decision 33): on the tuning set, which the
 * rules were written against, everything; on the held-out set and real material, which they never
 * were, the bar an outside review holds them to.
 */
export const TARGETS = { recall: 1, falsePositiveRate: 0.02 } as const;
export const HELD_OUT_TARGETS = { recall: 0.8, falsePositiveRate: 0.02 } as const;

const SURFACES = ["chat_message", "image_prompt", "character_definition", "model_output"] as const;

const caseSchema = z.object({
  text: z.string().min(1),
  expect: z.enum(["refuse", "pass"]),
  lang: z.string().regex(/^[a-z]{2}$/),
  note: z.string(),
  surface: z.enum(SURFACES).default("chat_message"),
  /** earlier turns of the chat, oldest first */
  context: z.array(z.object({ role: z.enum(["user", "character"]), text: z.string() })).optional(),
  /** the character's definition the text is read against */
  definition: z.string().optional(),
});

export type EvaluationCase = z.infer<typeof caseSchema>;

const realChatSchema = z.object({ source: z.string(), text: z.string().min(1), lang: z.string() });

/**
 * A labelled evaluation set:
 * - `tuning`: evaluation/cases.json (the six languages of the lexicons), world-cases.json (the
 *   world rules' languages) and evidence-cases.json (the outside review's phrases and the classes
 *   decision 33 was written for) and tuning-*.json (later batches, each written fresh and scored once
 *   before any rule was changed for it), the cases the rules were written and tuned against;
 * - `held-out`: evaluation/held-out.json, written before the fixes of decision 33 by someone who did
 *   not read the rules, and never tuned on;
 * - `real-chat`: ordinary adult chat lines from public dialogue data sets (evaluation/real-chat.json),
 *   all must-pass.
 */
export type EvaluationSet = "tuning" | "main" | "world" | "held-out" | "real-chat";

/** `main` and `world` are the tuning set's two halves: the lexicons' six languages and the world rules'. */
export function loadCases(set: EvaluationSet = "tuning"): EvaluationCase[] {
  if (set === "tuning")
    return [
      ...readCases("./cases.json"),
      ...readCases("./world-cases.json"),
      ...readCases("./evidence-cases.json"),
      ...laterBatches().flatMap((file) => readCases(`./${file}`)),
    ];
  if (set === "main") return readCases("./cases.json");
  if (set === "world") return readCases("./world-cases.json");
  if (set === "held-out") return readCases("./held-out.json");
  return z
    .array(realChatSchema)
    .parse(readJson("./real-chat.json"))
    .map((line) => ({
      text: line.text,
      expect: "pass" as const,
      lang: line.lang,
      note: line.source,
      surface: "chat_message" as const,
    }));
}

/** the tuning set's later batches, evaluation/tuning-*.json, in name order */
export function laterBatches(): string[] {
  return readdirSync(new URL(".", import.meta.url))
    .filter((file) => /^tuning-.+\.json$/.test(file) && file !== "tuning-figures.json")
    .sort();
}

export function readCases(file: string): EvaluationCase[] {
  return z.array(caseSchema).parse(readJson(file));
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8"));
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
  targets: { recall: number; falsePositiveRate: number };
}

/** Runs every case through the classifier, on its surface and with its context, and scores the verdicts. */
export async function scoreClassifier(
  classifier: ContentClassifier,
  cases: EvaluationCase[],
  targets: { recall: number; falsePositiveRate: number } = TARGETS,
): Promise<EvaluationScore> {
  const misses: EvaluationCase[] = [];
  const falseAlarms: EvaluationCase[] = [];
  for (const item of cases) {
    const context =
      item.context || item.definition
        ? {
            ...(item.context ? { turns: item.context } : {}),
            ...(item.definition ? { definition: item.definition } : {}),
          }
        : undefined;
    const verdict = await classifier.classify(item.text, item.surface, context);
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
    meetsTargets: recall >= targets.recall && falsePositiveRate <= targets.falsePositiveRate,
    targets,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The score as `npm run eval:moderation` prints it: in all, per surface, per language, then each error. */
export function formatScore(title: string, score: EvaluationScore, cases: EvaluationCase[]): string {
  const { targets } = score;
  const lines = [
    `== ${title}: ${cases.length} cases (${score.mustRefuse} must-refuse, ${score.mustPass} must-pass)`,
    `recall on must-refuse: ${percent(score.recall)} (${score.caught}/${score.mustRefuse}; target ${percent(targets.recall)})`,
    `false positives on must-pass: ${percent(score.falsePositiveRate)} (${score.falsePositives}/${score.mustPass}; target <= ${percent(targets.falsePositiveRate)})`,
  ];
  const breakdown = (label: string, key: (item: EvaluationCase) => string) => {
    for (const value of [...new Set(cases.map(key))]) {
      const mine = cases.filter((item) => key(item) === value);
      const refuse = mine.filter((item) => item.expect === "refuse").length;
      const missed = score.misses.filter((item) => key(item) === value).length;
      const alarms = score.falseAlarms.filter((item) => key(item) === value).length;
      lines.push(
        `  ${label} ${value}: ${mine.length} cases, recall ${refuse === 0 ? "-" : percent((refuse - missed) / refuse)} (${missed} missed), false positives ${alarms}/${mine.length - refuse}`,
      );
    }
  };
  breakdown("surface", (item) => item.surface);
  breakdown("lang", (item) => item.lang);
  for (const item of score.misses)
    lines.push(`MISSED (should refuse) [${item.lang} ${item.surface}] ${JSON.stringify(item.text)}`);
  for (const item of score.falseAlarms)
    lines.push(`FALSE POSITIVE [${item.lang} ${item.surface}] ${JSON.stringify(item.text)}`);
  lines.push(score.meetsTargets ? "targets met" : "TARGETS NOT MET");
  return lines.join("\n");
}
