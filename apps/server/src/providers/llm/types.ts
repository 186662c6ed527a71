import type { Gender, MemoryKind } from "@reverie/shared";
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
  /** the same entries with where each goes in a model's prompt (decision 46) */
  worldInfo?: readonly WorldInfoEntry[] | undefined;
  /** the character's own life, which both engines answer questions about */
  canon?: CanonSheet | undefined;
}

/**
 * A lorebook entry that applies, and where a model's prompt puts it (decision 46): before or after
 * the character's definition, by the author's note, around the example dialogue, or inside the
 * conversation `depth` messages from its end, as `role`.
 */
export interface WorldInfoEntry {
  content: string;
  position:
    | "before_char"
    | "after_char"
    | "author_note_top"
    | "author_note_bottom"
    | "at_depth"
    | "examples_top"
    | "examples_bottom";
  depth: number;
  role: "system" | "user" | "assistant";
}

/**
 * A character's life of its own (decision 44): written for catalog characters, derived from the
 * definition for built and imported ones. Every text is a phrase the character can say after
 * "I" or as the answer itself, in the first person.
 */
export interface CanonSheet {
  /** "in Triana, the old potters' quarter of Seville, above my grandmother's bakery" */
  grewUp: string;
  /** "my mother still sews flamenco dresses; my brother Diego fixes boats in Cádiz" */
  family: string;
  /** "I teach flamenco at a small studio near the river" */
  job: string;
  favourites: {
    film: string;
    music: string;
    food: string;
    /** further favourites by topic ("book", "place", "season", "drink", "colour", ...) */
    more?: Readonly<Record<string, string>>;
  };
  /** short stories from the character's life, each two or three sentences in the first person */
  anecdotes: readonly string[];
  /** how the character talks */
  voice: {
    /** for a prompt: "warm, quick, teasing; drops Spanish endearments" */
    style: string;
    /** words and short phrases the character uses, which make its stock lines its own */
    phrases: readonly string[];
  };
}

/** One thing a character remembers: about the user, or (kind `self`) what it said of itself. */
export interface MemoryFact {
  kind: MemoryKind;
  /** what the fact is about, as the user would name it: "Biscuit", "Lena", "the exam" */
  subject: string;
  /** the fact as a short phrase about the user: "has a dog called Biscuit" */
  text: string;
  /** YYYY-MM-DD when the fact has a date */
  date?: string | null | undefined;
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
  /** other first messages the card offers (never put in a model's prompt: decision 46) */
  alternateGreetings: readonly string[];
  /**
   * the card's note kept near the end of the conversation (SillyTavern's character's note,
   * `extensions.depth_prompt`): put `depth` messages from the end, as `role`
   */
  depthPrompt?: { text: string; depth: number; role: "system" | "user" | "assistant" } | undefined;
}

export interface ChatTurn {
  from: "user" | "model";
  text: string;
}

export interface ReplyRequest {
  character: CharacterCard;
  /** The whole conversation, oldest first, ending with the user's newest message. */
  history: ChatTurn[];
  /**
   * The one name the user goes by: the name they told this character (from memory), else their
   * profile's first name; null when neither is known.
   */
  userName: string | null;
  /** What the character remembers of this user and of what it said about itself. */
  memory?: readonly MemoryFact[] | undefined;
  /** The user asked for a voice message: the reply is read aloud, so it is written to be spoken. */
  voiceNote?: boolean;
  /** Makes offline replies reproducible (tests); real models ignore it. */
  seed?: number;
  signal?: AbortSignal;
  /** When the caller gives up (epoch ms): a wait the server asks for (Retry-After) must end well before. */
  deadlineAt?: number | undefined;
}

/** A failure talking to a model; `retryable` says whether the same request may succeed later. */
export class LlmError extends Error {
  readonly retryable: boolean;
  /** how long the server asked to be left alone (its Retry-After), when it said */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: { retryable: boolean; cause?: unknown; retryAfterMs?: number | undefined },
  ) {
    super(message, { cause: options.cause });
    this.name = "LlmError";
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** What a model server said one reply cost (decision 48); `usage` is null when it said nothing. */
export interface LlmUsageReport {
  model: string;
  usage: { promptTokens: number; completionTokens: number } | null;
}

/** Told of every reply a model server finished; the reply waits for it, so it must not throw. */
export type LlmUsageListener = (report: LlmUsageReport) => void | Promise<void>;

/** A chat model: streams a character's reply as text deltas. */
export interface LlmProvider {
  readonly name: string;
  streamReply(request: ReplyRequest): AsyncIterable<string>;
  check(): Promise<ComponentStatus>;
  /** Providers that talk to a metered model server report each finished reply's tokens here. */
  reportUsageTo?(listener: LlmUsageListener): void;
}

/** One exchange to learn from: the user's message and the character's reply to it. */
export interface MemoryExtractionRequest {
  characterName: string;
  /** the name the user goes by, when known */
  userName: string | null;
  userMessage: string;
  /** the character's reply; what it says about itself is remembered as `self` facts */
  reply: string;
  /** what is remembered already, so a fact is updated rather than repeated */
  known: readonly MemoryFact[];
  /** YYYY-MM-DD, so "my exam is on Friday" gets a date */
  today: string;
  signal?: AbortSignal;
}

/**
 * Reads the facts worth remembering out of one exchange: an LLM with structured output when one
 * is configured, the offline rules otherwise. Returns new or changed facts only.
 */
export interface MemoryExtractor {
  readonly name: string;
  extract(request: MemoryExtractionRequest): Promise<MemoryFact[]>;
}
