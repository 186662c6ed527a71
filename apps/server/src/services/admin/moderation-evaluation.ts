import type { ModerationEvaluation as EvaluationFigures } from "@reverie/shared";
import { readTuningFigures } from "../moderation-evaluation/tuning-figures.ts";

/**
 * The moderation rules' figures on the tuning set (`npm run eval:moderation`'s), for the console.
 * They are read from the file that command writes (a unit test keeps it current): the rules and the
 * cases ship with the code, so the figures change only with a deployment (decision 30), and scoring
 * the cases on a request took seconds (decision 33).
 */
export class ModerationEvaluation {
  #latest: EvaluationFigures | null = null;

  async figures(): Promise<EvaluationFigures> {
    this.#latest ??= readTuningFigures();
    return this.#latest;
  }
}
