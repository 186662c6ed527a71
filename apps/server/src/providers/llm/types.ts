import type { Gender } from "@reverie/shared";
import type { ComponentStatus } from "../../lib/health-check.ts";

/** What a reply is written from: the character's card. */
export interface CharacterCard {
  id: number;
  name: string;
  age: number;
  gender: Gender;
  tagline: string;
  description: string;
  personality: string;
  hobbies: string[];
  relationship: string;
  first_msg: string;
  /** what an imported character card says beyond the fields above */
  card?: CardFields | undefined;
  /** the card's lorebook entries that apply to the recent messages (constant ones first) */
  lore?: readonly string[] | undefined;
}

/**
 * The fields of a character card (Tavern V2/V3) a reply is written with, placeholders
 * ({{char}}, {{user}}) filled in; empty when the card leaves them out.
 */
export interface CardFields {
  scenario: string;
  /** the card's own instructions to the model */
  systemPrompt: string;
  /** what the model is reminded of after the conversation */
  postHistoryInstructions: string;
  /** example exchanges showing how the character talks (`<START>` separates them) */
  exampleDialogue: string;
  /** other first messages the card offers */
  alternateGreetings: readonly string[];
}

export interface ChatTurn {
  from: "user" | "model";
  text: string;
}

export interface ReplyRequest {
  character: CharacterCard;
  /** The whole conversation, oldest first, ending with the user's newest message. */
  history: ChatTurn[];
  /** The user's first name from their profile, when known. */
  userName: string | null;
  /** The user asked for a voice message: the reply is read aloud, so it is written to be spoken. */
  voiceNote?: boolean;
  /** Makes offline replies reproducible (tests); real models ignore it. */
  seed?: number;
  signal?: AbortSignal;
}

/** A failure talking to a model; `retryable` says whether the same request may succeed later. */
export class LlmError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "LlmError";
    this.retryable = options.retryable;
  }
}

/** A chat model: streams a character's reply as text deltas. */
export interface LlmProvider {
  readonly name: string;
  streamReply(request: ReplyRequest): AsyncIterable<string>;
  check(): Promise<ComponentStatus>;
}
