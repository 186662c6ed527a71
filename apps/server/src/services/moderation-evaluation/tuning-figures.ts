import { type ModerationEvaluation as EvaluationFigures, moderationEvaluationSchema } from "@reverie/shared";
import { figuresFile } from "../../lib/figures-file.ts";
import { loadCases, scoreClassifier, TARGETS } from "../../providers/moderation/evaluation/score.ts";
import { RuleBasedClassifier } from "../../providers/moderation/rule-based.ts";

/**
 * The rules' figures on the tuning set, as the console shows them (decision 30, decision 33).
 * Scoring the 1,600 cases compiles the rules for every script and language met (seconds, more on a
 * busy machine), so `npm run eval:moderation` writes them to evaluation/tuning-figures.json and the
 * console reads that file; a unit test fails when the file no longer matches the rules.
 */
const FIGURES_FILE = figuresFile(
  new URL("../../providers/moderation/evaluation/tuning-figures.json", import.meta.url),
  moderationEvaluationSchema,
);

export async function computeTuningFigures(now = new Date()): Promise<EvaluationFigures> {
  const cases = loadCases("tuning");
  const score = await scoreClassifier(new RuleBasedClassifier(), cases);
  const languages = [...new Set(cases.map((item) => item.lang))];
  return {
    cases: cases.length,
    must_refuse: score.mustRefuse,
    must_pass: score.mustPass,
    recall: score.recall,
    false_positive_rate: score.falsePositiveRate,
    targets: { recall: TARGETS.recall, false_positive_rate: TARGETS.falsePositiveRate },
    meets_targets: score.meetsTargets,
    by_language: languages.map((lang) => ({
      lang,
      cases: cases.filter((item) => item.lang === lang).length,
      missed: score.misses.filter((item) => item.lang === lang).length,
      false_positives: score.falseAlarms.filter((item) => item.lang === lang).length,
    })),
    computed_at: now.toISOString(),
  };
}

export function readTuningFigures(): EvaluationFigures {
  return FIGURES_FILE.read();
}

export function writeTuningFigures(figures: EvaluationFigures): void {
  FIGURES_FILE.write(figures);
}
