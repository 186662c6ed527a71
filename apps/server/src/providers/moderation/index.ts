import type { HealthCheck } from "../../lib/health-check.ts";
import { textLanguages } from "./language.ts";
import { LlamaGuardClassifier } from "./llama-guard.ts";
import { OpenAiModerationClassifier } from "./openai-moderation.ts";
import { RuleBasedClassifier } from "./rule-based.ts";
import { RulesFirstClassifier } from "./rules-first.ts";
import type { ModerationClassifier } from "./types.ts";
import { worldEvidence } from "./world/world-rules.ts";

export interface ModerationConfig {
  /** MODERATION_PROVIDER: the classifier after the rules; "rules" adds none */
  provider: "rules" | "openai" | "llama-guard";
  /** MODERATION_BASE_URL: required by openai and llama-guard */
  baseUrl?: string | undefined;
  /** MODERATION_API_KEY */
  apiKey?: string | undefined;
  /** MODERATION_MODEL: the judge model (llama-guard, required) or moderation model (openai, optional) */
  model?: string | undefined;
}

/**
 * The moderation step: the rules, then the configured classifier (decision 13), which decides
 * the rules' weak evidence.
 */
export function createModerationClassifier(config: ModerationConfig): ModerationClassifier {
  const rules = new RuleBasedClassifier();
  if (config.provider === "rules") return new RulesFirstClassifier(rules);
  const baseUrl = config.baseUrl?.trim();
  if (!baseUrl) {
    throw new Error(
      `MODERATION_BASE_URL is required with MODERATION_PROVIDER=${config.provider} (e.g. ${
        config.provider === "openai" ? "https://api.openai.com/v1" : "http://127.0.0.1:11434/v1"
      })`,
    );
  }
  if (config.provider === "openai") {
    return new RulesFirstClassifier(
      rules,
      new OpenAiModerationClassifier({ baseUrl, apiKey: config.apiKey, model: config.model }),
    );
  }
  const model = config.model?.trim();
  if (!model) {
    throw new Error(
      "MODERATION_MODEL is required with MODERATION_PROVIDER=llama-guard: name the judge model (e.g. llama-guard3:8b)",
    );
  }
  return new RulesFirstClassifier(rules, new LlamaGuardClassifier({ baseUrl, apiKey: config.apiKey, model }));
}

/**
 * Builds what the rules build on first use (the language detector's tables, the world rule sets),
 * for a process about to serve: the web server before it listens and the worker before it takes
 * jobs, so that no user's first message waits for it. Importing the rules stays cheap for tests
 * and scripts, which never call this.
 */
export function prepareModerationRules(): void {
  textLanguages("Getting ready to read messages.");
  worldEvidence("Getting ready to read messages.");
}

/** The "moderation" entry of the health report's providers. */
export function moderationHealthCheck(classifier: ModerationClassifier): HealthCheck {
  return { name: "moderation", check: () => classifier.check() };
}

export { CONTEXT_TURNS, DEFINITION_CHARS, TURN_CHARS } from "./context.ts";
export { LlamaGuardClassifier, llamaGuardMessages, parseLlamaGuardAnswer } from "./llama-guard.ts";
export { moderationInput, OpenAiModerationClassifier } from "./openai-moderation.ts";
export { RuleBasedClassifier } from "./rule-based.ts";
export { type RuleCheck, RulesFirstClassifier } from "./rules-first.ts";
export {
  type ContentClassifier,
  type ContextTurn,
  type ModerationClassifier,
  type ModerationContext,
  ModerationProviderError,
  type ModerationSurface,
  type ModerationVerdict,
  type RemoteClassifier,
  type RuleStrength,
  type RuleVerdict,
} from "./types.ts";
