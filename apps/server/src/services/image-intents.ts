import { escapeRegExp } from "../lib/reg-exp.ts";
/**
 * Recognises a chat message that asks the character for a picture or a video.
 *
 * Phrases are written in a small pattern language, so one line covers the ways people ask:
 * words are separated by spaces, `a|b` offers alternatives, `_` joins words inside an
 * alternative (`one_more`), a trailing `?` makes a word optional, and `*` stands for up to two
 * words of any kind ("a *cute* photo"). Matching is case-insensitive and on whole words. A match
 * preceded (within three words of the same clause) by a negation such as "don't" or "never" is
 * not a request.
 */

export interface ImageIntent {
  media: "photo" | "video";
  /** the user asked for something private; it arrives locked (videos always do) */
  private: boolean;
}

const DETERMINER = "a|an|another|one_more|some|your|the|more|any|a_new|new?";
const NOUNS = "photo|photos|pic|pics|picture|pictures|selfie|selfies|snap|snaps|snapshot|image|images|pix";
const VIDEO_NOUNS = "video|videos|vid|vids|clip|clips";
const ANY_NOUN = `${NOUNS}|${VIDEO_NOUNS}`;

/** The phrases used when IMAGE_INTENTS is not set. */
export const DEFAULT_IMAGE_INTENTS: readonly string[] = [
  `send|show|share|give|text|shoot me|us? ${DETERMINER} * ${ANY_NOUN}`,
  `can|could|may|might|would i|we see|get|have ${DETERMINER} * ${ANY_NOUN}`,
  `let me|us see|have ${DETERMINER} * ${ANY_NOUN}`,
  `i'd|i_would|i_want|i_need|i_wanna love|like? to? see? ${DETERMINER} * ${ANY_NOUN}`,
  `show me? yourself`,
  `what do|does you|u look like`,
  `${ANY_NOUN} please|pls|plz`,
];

/** Words that make a requested photo private (a locked private_image). */
const PRIVATE_WORDS =
  /(?<![\p{L}\p{N}'])(private|exclusive|secret|intimate|special|spicy|sexy|naughty|racy|just for me|only for me|for my eyes only)(?![\p{L}\p{N}])/iu;
const VIDEO_WORDS = new RegExp(`(?<![\\p{L}\\p{N}'])(${VIDEO_NOUNS})(?![\\p{L}\\p{N}])`, "iu");
const NEGATION =
  /(?<![\p{L}\p{N}'])(don't|dont|do not|never|not|no|stop|quit|without|didn't|did not|doesn't)(?![\p{L}\p{N}'])/iu;
/** A negation only counts inside the same clause, a few words before the request. */
const CLAUSE_BREAK = /[.,;:!?\n]|\bbut\b|\band\b|\bthen\b/gi;
const NEGATION_WINDOW_WORDS = 3;

const WORD_CHARS = /^[\p{L}\p{N}'-]+$/u;

/** One phrase of the pattern language as a regular expression source (throws on a bad phrase). */
export function compileIntentPhrase(phrase: string): string {
  const tokens = phrase.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new Error("an image intent phrase is empty");
  if (tokens[0] === "*" || tokens[0]?.endsWith("?")) {
    throw new Error(`image intent "${phrase}": the first word cannot be optional`);
  }
  let source = "";
  for (const [index, token] of tokens.entries()) {
    if (token === "*") {
      source += "(?:\\s+[\\p{L}\\p{N}'-]+){0,2}?";
      continue;
    }
    const optional = token.endsWith("?");
    const alternatives = (optional ? token.slice(0, -1) : token).split("|");
    const parts = alternatives.map((alternative) => {
      const words = alternative.split("_");
      if (words.some((word) => !WORD_CHARS.test(word))) {
        throw new Error(`image intent "${phrase}": "${alternative}" is not a word`);
      }
      return words.map(escapeRegExp).join("\\s+");
    });
    const group = `(?:${parts.join("|")})`;
    if (index === 0) source += group;
    else source += optional ? `(?:\\s+${group})?` : `\\s+${group}`;
  }
  return `(?<![\\p{L}\\p{N}'])${source}(?![\\p{L}\\p{N}])`;
}

/** IMAGE_INTENTS: phrases separated by commas; empty or unset means the defaults. */
export function parseIntentPhrases(value: string | undefined): readonly string[] {
  const phrases = (value ?? "")
    .split(",")
    .map((phrase) => phrase.trim())
    .filter(Boolean);
  return phrases.length > 0 ? phrases : DEFAULT_IMAGE_INTENTS;
}

function normalize(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
}

function negated(before: string, negation: RegExp): boolean {
  const breaks = [...before.matchAll(CLAUSE_BREAK)];
  const last = breaks.at(-1);
  const clause = last ? before.slice((last.index ?? 0) + last[0].length) : before;
  const words = clause.trim().split(/\s+/).filter(Boolean).slice(-NEGATION_WINDOW_WORDS);
  // "why not send me one?" asks for it
  return negation.test(words.join(" ").replace(/\bwhy not\b/g, ""));
}

/**
 * Phrases of the pattern language matched in a message: the earliest match that no negation of
 * its clause precedes. Picture requests and voice requests (voice-intents.ts) both read with it.
 */
export class RequestPhrases {
  readonly #patterns: RegExp[];
  readonly #negation: RegExp;

  constructor(phrases: readonly string[], negation: RegExp = NEGATION) {
    this.#patterns = phrases.map((phrase) => new RegExp(compileIntentPhrase(phrase), "giu"));
    this.#negation = negation;
  }

  /** The words of the earliest request in the text (lower case), or null when there is none. */
  firstMatch(text: string): string | null {
    const normalized = normalize(text);
    let found: string | null = null;
    let foundAt = Number.POSITIVE_INFINITY;
    for (const pattern of this.#patterns) {
      for (const match of normalized.matchAll(pattern)) {
        const at = match.index ?? 0;
        if (at < foundAt && !negated(normalized.slice(0, at), this.#negation)) {
          found = match[0];
          foundAt = at;
        }
      }
    }
    return found;
  }
}

export class ImageIntents {
  readonly #phrases: RequestPhrases;

  constructor(phrases: readonly string[] = DEFAULT_IMAGE_INTENTS) {
    this.#phrases = new RequestPhrases(phrases);
  }

  /** What the message asks for, or null when it is not a request for a picture. */
  detect(text: string): ImageIntent | null {
    const found = this.#phrases.firstMatch(text);
    if (found === null) return null;
    const media = VIDEO_WORDS.test(found) ? "video" : "photo";
    return { media, private: media === "video" || PRIVATE_WORDS.test(normalize(text)) };
  }
}
