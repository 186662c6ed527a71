import type { ComponentStatus } from "../../lib/health-check.ts";

/** Where text comes from; each surface is checked before anything is stored, generated or sent. */
export type ModerationSurface = "chat_message" | "image_prompt" | "character_definition" | "model_output";

export interface ModerationVerdict {
  allowed: boolean;
  /** the rule that refused it, e.g. "minors" */
  category?: string;
  /** which classifier refused it, when several ran ("rules", "openai-moderation", "llama-guard") */
  classifier?: string;
  /** the words that decided a refusal, as written, for moderators (not the whole text) */
  evidence?: string;
  /** one sentence for the person whose text was refused, saying why */
  reason?: string;
}

/**
 * How sure the rules are: `strong` evidence refuses by itself; `weak` evidence (a school word, a
 * youthful word, a small number, an idiom) goes to the configured classifier, and with none it
 * never refuses; `none` found nothing.
 */
export type RuleStrength = "none" | "weak" | "strong";

export interface RuleVerdict extends ModerationVerdict {
  strength: RuleStrength;
}

/** One earlier turn of the chat, oldest first. */
export interface ContextTurn {
  role: "user" | "character";
  text: string;
}

/**
 * What the text is judged together with: the recent turns of the chat and the character's
 * definition. A minor established three messages ago stays a minor.
 */
export interface ModerationContext {
  turns?: readonly ContextTurn[];
  definition?: string;
}

/** Decides whether text may be used. */
export interface ContentClassifier {
  readonly name: string;
  classify(text: string, surface: ModerationSurface, context?: ModerationContext): Promise<ModerationVerdict>;
}

/** A classifier behind an API: it can be down, and says so in the health report. */
export interface RemoteClassifier extends ContentClassifier {
  check(): Promise<ComponentStatus>;
}

/**
 * The moderation step as the app uses it: the rule-based check, which always runs first, then the
 * configured classifier when the rules allowed the text.
 */
export interface ModerationClassifier extends ContentClassifier {
  /** The rule-based check alone, without waiting on a server: for text while it streams. */
  classifyByRules(text: string, surface: ModerationSurface, context?: ModerationContext): RuleVerdict;
  check(): Promise<ComponentStatus>;
}

/** The classifier's server failed or answered something unreadable; `retryable` says whether trying again may help. */
export class ModerationProviderError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "ModerationProviderError";
    this.retryable = options.retryable;
  }
}
