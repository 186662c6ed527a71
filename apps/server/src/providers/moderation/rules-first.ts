import type { ComponentStatus } from "../../lib/health-check.ts";
import type {
  ModerationClassifier,
  ModerationContext,
  ModerationSurface,
  ModerationVerdict,
  RemoteClassifier,
  RuleVerdict,
} from "./types.ts";

/** The rule-based check as the moderation step calls it (`RuleBasedClassifier`). */
export interface RuleCheck {
  readonly name: string;
  verdict(text: string, surface: ModerationSurface, context?: ModerationContext): RuleVerdict;
}

const RULE_LANGUAGES =
  "en, es, fr, de, pt, it; world: ru, uk, pl, cs, nl, sv, da, no, ro, hu, el, tr, id, ms, tl, vi, ja, zh, ko, ar, fa, he, hi, th";

/**
 * The moderation step (decision 13): the rule-based check always runs first and cannot be turned
 * off. Strong evidence refuses at once, without asking anyone. Weak evidence (a school word, a small
 * number, an idiom) is only a suspicion: the configured classifier decides, and without one it
 * never refuses. Text with no evidence goes to the configured classifier too, which can catch what
 * the rules cannot read. A failure of that classifier is thrown (ModerationProviderError): the
 * caller fails closed.
 */
export class RulesFirstClassifier implements ModerationClassifier {
  readonly name: string;
  readonly #rules: RuleCheck;
  readonly #remote: RemoteClassifier | undefined;

  constructor(rules: RuleCheck, remote?: RemoteClassifier) {
    this.#rules = rules;
    this.#remote = remote;
    this.name = remote ? `${rules.name}+${remote.name}` : rules.name;
  }

  classifyByRules(text: string, surface: ModerationSurface, context?: ModerationContext): RuleVerdict {
    const verdict = this.#rules.verdict(text, surface, context);
    return verdict.strength === "none" ? verdict : { ...verdict, classifier: this.#rules.name };
  }

  async classify(
    text: string,
    surface: ModerationSurface,
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    const { strength, ...rules } = this.classifyByRules(text, surface, context);
    if (strength === "strong") return { ...rules, allowed: false };
    if (!this.#remote) return { allowed: true };
    const remote = await this.#remote.classify(text, surface, context);
    if (remote.allowed || strength === "none") return remote;
    // the classifier confirmed the rules' suspicion: moderators see the words the rules found
    return { ...remote, ...rules, allowed: false, classifier: this.name };
  }

  async check(): Promise<ComponentStatus> {
    const rules = `rules (${RULE_LANGUAGES})`;
    if (!this.#remote) {
      return {
        status: "ok",
        detail: `${rules} only: strong evidence refuses; weak evidence is allowed, with no classifier to confirm it`,
      };
    }
    const remote = await this.#remote.check();
    return {
      status: remote.status,
      detail: `${rules}: strong evidence refuses; weak evidence and text the rules pass go to ${remote.detail}`,
    };
  }
}
