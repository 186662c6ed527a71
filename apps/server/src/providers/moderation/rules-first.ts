import type { ComponentStatus } from "../../lib/health-check.ts";
import type { RuleBasedClassifier } from "./rule-based.ts";
import type {
  ModerationClassifier,
  ModerationSurface,
  ModerationVerdict,
  RemoteClassifier,
} from "./types.ts";

/**
 * The moderation step (decision 13): the rule-based check always runs first and cannot be turned
 * off; the configured classifier runs after it only when the rules allowed the text. A failure of
 * that classifier is thrown (ModerationProviderError): the caller fails closed.
 */
export class RulesFirstClassifier implements ModerationClassifier {
  readonly name: string;
  readonly #rules: RuleBasedClassifier;
  readonly #remote: RemoteClassifier | undefined;

  constructor(rules: RuleBasedClassifier, remote?: RemoteClassifier) {
    this.#rules = rules;
    this.#remote = remote;
    this.name = remote ? `${rules.name}+${remote.name}` : rules.name;
  }

  classifyByRules(text: string): ModerationVerdict {
    const verdict = this.#rules.verdict(text);
    return verdict.allowed ? verdict : { ...verdict, classifier: this.#rules.name };
  }

  async classify(text: string, surface: ModerationSurface): Promise<ModerationVerdict> {
    const verdict = this.classifyByRules(text);
    if (!verdict.allowed || !this.#remote) return verdict;
    return this.#remote.classify(text, surface);
  }

  async check(): Promise<ComponentStatus> {
    const rules =
      "rules (en, es, fr, de, pt, it; world: ru, uk, pl, cs, nl, sv, da, no, ro, hu, el, tr, id, ms, tl, vi, ja, zh, ko, ar, fa, he, hi, th)";
    if (!this.#remote) return { status: "ok", detail: rules };
    const remote = await this.#remote.check();
    return { status: remote.status, detail: `${rules}, then ${remote.detail}` };
  }
}
