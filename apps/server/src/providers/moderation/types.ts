import type { ComponentStatus } from "../../lib/health-check.ts";

/** Where text comes from; each surface is checked before anything is stored, generated or sent. */
export type ModerationSurface = "chat_message" | "image_prompt" | "character_definition" | "model_output";

export interface ModerationVerdict {
  allowed: boolean;
  /** the rule that refused it, e.g. "minors" */
  category?: string;
  /** which classifier refused it, when several ran ("rules", "openai-moderation", "llama-guard") */
  classifier?: string;
}

/** Decides whether text may be used. */
export interface ContentClassifier {
  readonly name: string;
  classify(text: string, surface: ModerationSurface): Promise<ModerationVerdict>;
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
  classifyByRules(text: string): ModerationVerdict;
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
