import { BadRequestError, ContentRefusedError, RetryLaterError } from "../errors.ts";
import {
  type ModerationClassifier,
  type ModerationContext,
  ModerationProviderError,
  type ModerationSurface,
  type ModerationVerdict,
} from "../providers/moderation/types.ts";
import type { ModerationEventRepository } from "../repositories/moderation-events.ts";

const EXCERPT_LENGTH = 280;
/** How long a client waits before sending again when the remote classifier is down. */
const RETRY_AFTER_SECONDS = 5;

const REFUSALS: Record<string, string> = {
  minors: "This was refused: sexual content involving anyone under 18 is never allowed here.",
};

/**
 * What moderators read of a refused text: the start of it, or, when the words that decided lie
 * further in, a window around them (a card runs to 10,000 characters).
 */
function excerptAround(text: string, evidence: string | undefined): string {
  const at = evidence ? text.toLowerCase().indexOf(evidence.toLowerCase()) : -1;
  if (at < 0 || at + (evidence?.length ?? 0) <= EXCERPT_LENGTH) return text.slice(0, EXCERPT_LENGTH);
  const start = Math.max(0, at - EXCERPT_LENGTH / 2);
  return `…${text.slice(start, start + EXCERPT_LENGTH - 1)}`;
}

/** What a character says instead of a reply that was refused (decision 13). */
const IN_CHARACTER_REFUSALS = [
  "I'm not going to go there. I only ever play an adult, and I won't roleplay anything involving minors. Let's talk about something else.",
  "That's not something I'll do. I'm an adult, I only play adults, and anything involving minors is off the table for me. Tell me something else about your day?",
  "No, I won't take it there. Anything involving someone under 18 is a hard line for me, always. Let's change the subject.",
];

/** 503: the configured classifier did not answer; nothing was stored or charged (fail closed). */
export class ModerationUnavailableError extends RetryLaterError {
  constructor() {
    super(
      503,
      "moderation_unavailable",
      "We couldn't check this message just now. Please try again in a moment.",
      RETRY_AFTER_SECONDS,
    );
  }
}

export interface ModerationServiceDeps {
  classifier: ModerationClassifier;
  events: ModerationEventRepository;
  log: { warn(obj: object, msg: string): void };
}

/**
 * One gate for every text a user sends to a character, an image model or the character builder,
 * and for what the model answers. Refusals are recorded for admins. When the configured classifier
 * is down, the text is not let through: check() answers 503 (retry), review() throws so the job
 * tries again.
 */
export class ModerationService {
  readonly #deps: ModerationServiceDeps;

  constructor(deps: ModerationServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Throws ContentRefusedError (422) and records the refusal when the text is not allowed; the
   * message says why in one sentence. `context` is the chat's recent turns and the character's
   * definition, which the text is judged with.
   */
  async check(
    text: string,
    surface: ModerationSurface,
    userId: string | null,
    context?: ModerationContext,
  ): Promise<void> {
    const verdict = await this.review(text, surface, userId, context);
    if (verdict.allowed) return;
    const category = verdict.category ?? "policy";
    throw new ContentRefusedError(
      verdict.reason ?? REFUSALS[category] ?? "This was refused by our content rules.",
      category,
    );
  }

  /**
   * The verdict on the text, without throwing for a refusal (which is recorded). Throws
   * ModerationUnavailableError when the configured classifier fails.
   */
  async review(
    text: string,
    surface: ModerationSurface,
    userId: string | null,
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    let verdict: ModerationVerdict;
    try {
      verdict = await this.#deps.classifier.classify(text, surface, context);
    } catch (error) {
      if (!(error instanceof ModerationProviderError)) throw error;
      this.#deps.log.warn(
        { userId, surface, err: error },
        "moderation classifier unavailable: text held back",
      );
      throw new ModerationUnavailableError();
    }
    if (!verdict.allowed) await this.#record(text, surface, userId, verdict);
    return verdict;
  }

  /**
   * A character said to be under 18 (an admin's catalog edit): recorded like any refusal, so the
   * moderation log shows who tried, and answered 400 `underage`.
   */
  async refuseUnderage(
    character: { name: string; age: number },
    userId: string | null,
  ): Promise<BadRequestError> {
    await this.#deps.events.record({
      userId,
      surface: "character_definition",
      category: "minors",
      classifier: "age_check",
      excerpt: `Name: ${character.name}. Age: ${character.age}.`.slice(0, EXCERPT_LENGTH),
      evidence: `Age: ${character.age}`,
    });
    this.#deps.log.warn({ userId, surface: "character_definition" }, "a character under 18 was refused");
    return new BadRequestError("Characters are adults: 18 or older.", "underage");
  }

  /** The rule-based check alone, at once and without recording: for a reply while it streams. */
  allowsWhileStreaming(text: string, context?: ModerationContext): boolean {
    return this.#deps.classifier.classifyByRules(text, "model_output", context).allowed;
  }

  /** What the character says instead of a refused reply; `seed` picks one of a few wordings. */
  refusalInCharacter(seed: number): string {
    return IN_CHARACTER_REFUSALS[Math.abs(seed) % IN_CHARACTER_REFUSALS.length] as string;
  }

  async #record(text: string, surface: ModerationSurface, userId: string | null, verdict: ModerationVerdict) {
    const category = verdict.category ?? "policy";
    const classifier = verdict.classifier ?? this.#deps.classifier.name;
    await this.#deps.events.record({
      userId,
      surface,
      category,
      classifier,
      excerpt: excerptAround(text, verdict.evidence),
      evidence: verdict.evidence ?? null,
    });
    this.#deps.log.warn({ userId, surface, category, classifier }, "content refused by moderation");
  }
}
