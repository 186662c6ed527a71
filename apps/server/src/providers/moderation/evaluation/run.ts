/**
 * `npm run eval:moderation`: the rule-based classifier against both labelled sets. Prints recall on
 * must-refuse and the false-positive rate on must-pass, lists every miss, and exits non-zero when
 * the targets are not met.
 */
import { RuleBasedClassifier } from "../rule-based.ts";
import { formatScore, loadCases, scoreClassifier } from "./score.ts";

const cases = loadCases("all");
const score = await scoreClassifier(new RuleBasedClassifier(), cases);
console.log(formatScore(score, cases));
if (!score.meetsTargets) process.exitCode = 1;
