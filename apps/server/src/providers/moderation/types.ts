/** Where text comes from; each surface is checked before anything is stored or generated. */
export type ModerationSurface = "chat_message" | "image_prompt" | "character_definition";

export interface ModerationVerdict {
  allowed: boolean;
  /** the rule that refused it, e.g. "minors" */
  category?: string;
}

/** Decides whether text may be used. A hosted or local classifier can replace the rule-based default. */
export interface ContentClassifier {
  readonly name: string;
  classify(text: string, surface: ModerationSurface): Promise<ModerationVerdict>;
}
