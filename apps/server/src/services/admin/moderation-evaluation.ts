import type { ModerationEvaluation as EvaluationFigures } from "@reverie/shared";
import { loadCases, scoreClassifier, TARGETS } from "../../providers/moderation/evaluation/score.ts";
import { RuleBasedClassifier } from "../../providers/moderation/rule-based.ts";

/**
 * The moderation rules' figures on the labelled sets (`npm run eval:moderation`'s), for the
 * console. Computed on the first request and kept: the rules and the cases ship with the code, so
 * the figures change only with a deployment (decision 30), and scoring the ~600 cases takes about
 * 0.13 s once the rules are compiled (which the first moderated text does, once per process).
 */
export class ModerationEvaluation {
  #latest: Promise<EvaluationFigures> | null = null;

  figures(): Promise<EvaluationFigures> {
    this.#latest ??= this.#compute().catch((error: unknown) => {
      this.#latest = null;
      throw error;
    });
    return this.#latest;
  }

  async #compute(): Promise<EvaluationFigures> {
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
      computed_at: new Date().toISOString(),
    };
  }
}
