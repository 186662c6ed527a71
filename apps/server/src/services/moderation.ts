import { ContentRefusedError } from "../errors.ts";
import type { ContentClassifier, ModerationSurface } from "../providers/moderation/types.ts";
import type { ModerationEventRepository } from "../repositories/moderation-events.ts";

const EXCERPT_LENGTH = 280;

const REFUSALS: Record<string, string> = {
  minors: "This was refused: sexual content involving anyone under 18 is never allowed here.",
};

/** One gate for every text a user sends to a character, an image model or the character builder. */
export class ModerationService {
  readonly #classifier: ContentClassifier;
  readonly #events: ModerationEventRepository;
  readonly #log: { warn(obj: object, msg: string): void };

  constructor(deps: {
    classifier: ContentClassifier;
    events: ModerationEventRepository;
    log: { warn(obj: object, msg: string): void };
  }) {
    this.#classifier = deps.classifier;
    this.#events = deps.events;
    this.#log = deps.log;
  }

  /** Throws ContentRefusedError (422) and records the refusal for admins when the text is not allowed. */
  async check(text: string, surface: ModerationSurface, userId: string | null): Promise<void> {
    const verdict = await this.#classifier.classify(text, surface);
    if (verdict.allowed) return;
    const category = verdict.category ?? "policy";
    await this.#events.record({
      userId,
      surface,
      category,
      classifier: this.#classifier.name,
      excerpt: text.slice(0, EXCERPT_LENGTH),
    });
    this.#log.warn(
      { userId, surface, category, classifier: this.#classifier.name },
      "content refused by moderation",
    );
    throw new ContentRefusedError(REFUSALS[category] ?? "This was refused by our content rules.", category);
  }
}
