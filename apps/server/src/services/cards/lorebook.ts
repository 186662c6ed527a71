import { escapeRegExp } from "../../lib/reg-exp.ts";
import { Rng } from "../../lib/seeded-random.ts";
import type { WorldInfoEntry } from "../../providers/llm/types.ts";
import type { CharacterBook, CharacterBookEntry } from "./card-data.ts";
import { type EntrySettings, entrySettings } from "./world-info.ts";

/**
 * An imported card's lorebook (`character_book`, decision 23): the entries whose keys come up in the
 * recent messages join the prompt, for the offline persona engine and real LLMs alike, each where
 * the entry says, with SillyTavern's probability, sticky, cooldown and delay (decision 46).
 */

export const LOREBOOK_DEFAULTS = {
  /** how many of the latest messages are searched for keys, when the book does not say */
  scanDepth: 4,
  /** the most lorebook text one prompt takes, in estimated tokens */
  tokenBudget: 512,
} as const;

/** A rough token count that needs no tokenizer: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** letters, digits and underscore: what a key's ends must not run into for a whole-word match */
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
/** scripts written without spaces between words, where a word boundary means nothing */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function needsBoundary(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character) && !UNSPACED_SCRIPT.test(character);
}

/**
 * A key as a pattern: the key's text literally (never a pattern the card wrote, so no card can make
 * matching slow), as a whole word where it starts or ends with a letter or digit ("cat" is not found
 * in "category", "New York" not in "New Yorker"), case-insensitive unless the entry says otherwise.
 */
function keyPattern(key: string, caseSensitive: boolean): RegExp {
  const characters = Array.from(key);
  const start = needsBoundary(characters[0]) ? "(?<![\\p{L}\\p{N}_])" : "";
  const end = needsBoundary(characters.at(-1)) ? "(?![\\p{L}\\p{N}_])" : "";
  return new RegExp(`${start}${escapeRegExp(key)}${end}`, caseSensitive ? "u" : "iu");
}

/** An entry's keys as patterns, made once per entry and reused at every point of a replay. */
interface Keys {
  primary: RegExp[];
  secondary: RegExp[];
}

function patternsOf(keys: readonly string[] | undefined, caseSensitive: boolean): RegExp[] {
  return (keys ?? [])
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => keyPattern(key, caseSensitive));
}

function found(pattern: RegExp, texts: readonly string[]): boolean {
  return texts.some((text) => pattern.test(text));
}

/** SillyTavern's keyword rule: a primary key, then the secondary keys by the entry's logic. */
function keysMatch(candidate: Candidate, texts: readonly string[]): boolean {
  const { primary, secondary } = candidate.keys;
  if (!primary.some((pattern) => found(pattern, texts))) return false;
  if (candidate.entry.selective !== true || secondary.length === 0) return true;
  const hits = secondary.map((pattern) => found(pattern, texts));
  switch (candidate.settings.selectiveLogic) {
    case "and_all":
      return hits.every(Boolean);
    case "not_any":
      return !hits.some(Boolean);
    case "not_all":
      return !hits.every(Boolean);
    default:
      return hits.some(Boolean);
  }
}

/** V3 decorators (`@@name value` lines at the top) steer other apps; none is used here, so they are cut. */
function contentWithoutDecorators(content: string): string {
  const lines = content.split("\n");
  let first = 0;
  while (first < lines.length && lines[first]?.trimStart().startsWith("@@")) first += 1;
  return lines.slice(first).join("\n").trim();
}

interface Candidate {
  entry: CharacterBookEntry;
  settings: EntrySettings;
  keys: Keys;
  content: string;
  index: number;
}

/** Which entries to keep when the budget is short: constant ones, then higher priority, then higher order. */
function byImportance(a: Candidate, b: Candidate): number {
  return (
    Number(b.entry.constant === true) - Number(a.entry.constant === true) ||
    (b.entry.priority ?? 0) - (a.entry.priority ?? 0) ||
    b.entry.insertion_order - a.entry.insertion_order ||
    a.index - b.index
  );
}

/** The prompt's order: lower insertion_order first, as the spec says. */
function byInsertionOrder(a: Candidate, b: Candidate): number {
  return a.entry.insertion_order - b.entry.insertion_order || a.index - b.index;
}

/** A sticky or cooldown run: from the message count it started at to the one it ends at. */
interface Run {
  start: number;
  end: number;
}

/** The timed effects of a chat's entries, by candidate, as SillyTavern keeps them in a chat's metadata. */
interface TimedState {
  sticky: Map<Candidate, Run>;
  cooldown: Map<Candidate, Run>;
}

export interface LorebookOptions {
  /** the most lorebook text one prompt takes, in estimated tokens (default 512, or the book's own) */
  tokenBudget?: number;
  /**
   * who wrote each of the texts ("user" or "model"), when known: a reply was written at each
   * model message that follows a user message. Without it the messages are taken to alternate,
   * ending with the user's.
   */
  senders?: readonly ("user" | "model")[];
}

/**
 * The entries of the book that apply to a conversation, in prompt order, each with where it goes.
 * `recentTexts` are the conversation's messages, oldest first, ending with the message answered.
 *
 * Only enabled entries count; constant ones always apply; the others when one of their `keys` is
 * found in the last `scan_depth` messages (default 4; an entry's own scan depth wins) and their
 * secondary keys pass the entry's logic (and any, and all, not any, not all), then with the
 * entry's `probability`, rolled from a seed the conversation gives (the same messages, the same
 * roll: a retried reply is written from the same lore). With the book's `recursive_scanning`, the
 * contents of applied entries are searched as well. Entries whose keys are regular expressions
 * (`use_regex`) never apply: a card's own pattern could run for minutes. What does not fit the
 * budget (the book's `token_budget`, at most `tokenBudget`) is left out, least important first.
 *
 * Timed effects, counted in messages as SillyTavern counts them: an entry with `delay` N applies
 * only once the chat has N messages; one with `sticky` N stays applied for N messages after it
 * was triggered, keys or not; one with `cooldown` N cannot be triggered for N messages after it
 * applied (after its sticky run, when it has one). They are not stored but replayed: the
 * activation is run again at every point of the conversation where a reply was written, so the
 * state is what those replies saw (decision 46 says why).
 */
export function activateLorebook(
  book: CharacterBook,
  recentTexts: readonly string[],
  options: LorebookOptions = {},
): WorldInfoEntry[] {
  const bookDepth = Math.max(0, Math.floor(book.scan_depth ?? LOREBOOK_DEFAULTS.scanDepth));
  const candidates: Candidate[] = book.entries
    .map((entry, index) => {
      const caseSensitive = entry.case_sensitive === true;
      return {
        entry,
        settings: entrySettings(entry),
        keys: {
          primary: patternsOf(entry.keys, caseSensitive),
          secondary: patternsOf(entry.secondary_keys, caseSensitive),
        },
        content: contentWithoutDecorators(entry.content),
        index,
      };
    })
    .filter(({ entry, content }) => entry.enabled && !entry.use_regex && content.length > 0);
  const budget = Math.min(
    options.tokenBudget ?? LOREBOOK_DEFAULTS.tokenBudget,
    book.token_budget ?? Infinity,
  );
  const state: TimedState = { sticky: new Map(), cooldown: new Map() };
  const timed = candidates.some(({ settings }) => settings.sticky > 0 || settings.cooldown > 0);
  const points = timed ? replyPoints(recentTexts.length, options.senders) : [recentTexts.length];

  let applied: Candidate[] = [];
  for (const point of points) {
    const activation = {
      texts: recentTexts.slice(0, point),
      bookDepth,
      recursive: book.recursive_scanning === true,
      budget,
    };
    applied = activateAt(candidates, point, activation, state);
  }
  return applied.sort(byInsertionOrder).map((candidate) => ({
    content: candidate.content,
    position: candidate.settings.position,
    depth: candidate.settings.depth,
    role: candidate.settings.role,
  }));
}

/**
 * The message counts at which replies were written, oldest first, ending with now (`length`): each
 * model message that follows a user message was written when the chat had the messages before it.
 */
function replyPoints(length: number, senders: readonly ("user" | "model")[] | undefined): number[] {
  const points: number[] = [];
  if (senders && senders.length === length) {
    for (let index = 1; index < length; index++) {
      if (senders[index] === "model" && senders[index - 1] === "user") points.push(index);
    }
  } else {
    for (let point = length - 2; point > 0; point -= 2) points.unshift(point);
  }
  points.push(length);
  return points;
}

/** The rules of one activation, at the message count `point`, updating the timed state as it goes. */
function activateAt(
  candidates: readonly Candidate[],
  point: number,
  activation: { texts: readonly string[]; bookDepth: number; recursive: boolean; budget: number },
  state: TimedState,
): Candidate[] {
  // runs that ended by now end; a sticky run that ends starts the entry's cooldown
  for (const [candidate, run] of state.sticky) {
    if (point < run.end) continue;
    state.sticky.delete(candidate);
    if (candidate.settings.cooldown > 0) {
      state.cooldown.set(candidate, { start: point, end: point + candidate.settings.cooldown });
    }
  }
  for (const [candidate, run] of state.cooldown) if (point >= run.end) state.cooldown.delete(candidate);

  const { texts, bookDepth } = activation;
  const scannedBy = (candidate: Candidate) => {
    const depth = candidate.settings.scanDepth ?? bookDepth;
    return depth > 0 ? texts.slice(-depth) : [];
  };
  const seed = `${point}:${texts.at(-1) ?? ""}`;
  const failed = new Set<Candidate>();
  const applied = new Set<Candidate>();
  let recursed: string[] = [];
  for (;;) {
    const triggered = candidates.filter((candidate) => {
      if (applied.has(candidate) || failed.has(candidate)) return false;
      const sticky = state.sticky.has(candidate);
      if (point < candidate.settings.delay) return false;
      if (state.cooldown.has(candidate) && !sticky) return false;
      if (candidate.entry.constant || sticky) return true;
      return keysMatch(candidate, [...scannedBy(candidate), ...recursed]);
    });
    for (const candidate of triggered) {
      // a sticky entry does not roll again
      const { probability } = candidate.settings;
      const rolled =
        probability >= 100 ||
        state.sticky.has(candidate) ||
        new Rng(`${seed}:${candidate.entry.id ?? candidate.index}`).next() * 100 < probability;
      if (rolled) applied.add(candidate);
      else failed.add(candidate);
    }
    if (!triggered.some((candidate) => applied.has(candidate)) || !activation.recursive) break;
    recursed = [...applied].map((candidate) => candidate.content);
  }

  let spent = 0;
  const kept: Candidate[] = [];
  // sticky entries first, as SillyTavern orders them before the budget
  const order = (a: Candidate, b: Candidate) =>
    Number(state.sticky.has(b)) - Number(state.sticky.has(a)) || byImportance(a, b);
  for (const candidate of [...applied].sort(order)) {
    const cost = estimateTokens(candidate.content);
    if (spent + cost > activation.budget) continue;
    spent += cost;
    kept.push(candidate);
  }
  for (const candidate of kept) {
    const { sticky, cooldown } = candidate.settings;
    if (sticky > 0 && !state.sticky.has(candidate))
      state.sticky.set(candidate, { start: point, end: point + sticky });
    if (cooldown > 0 && !state.cooldown.has(candidate)) {
      state.cooldown.set(candidate, { start: point, end: point + cooldown });
    }
  }
  return kept;
}

/**
 * The contents of the book's entries that apply to a conversation, in prompt order (what the
 * offline persona engine reads): `activateLorebook`'s entries without their places.
 */
export function matchLorebook(
  book: CharacterBook,
  recentTexts: readonly string[],
  options: LorebookOptions = {},
): string[] {
  return activateLorebook(book, recentTexts, options).map((entry) => entry.content);
}
