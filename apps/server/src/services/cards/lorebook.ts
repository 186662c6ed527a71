import type { CharacterBook, CharacterBookEntry } from "./card-data.ts";

/**
 * An imported card's lorebook (`character_book`, issue 11): the entries whose keys come up in the
 * recent messages join the prompt, for the offline persona engine and real LLMs alike.
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

function escapeRegExp(text: string): string {
  return text.replaceAll(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

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

function anyKeyIn(keys: readonly string[] | undefined, texts: readonly string[], caseSensitive: boolean) {
  return (keys ?? [])
    .map((key) => key.trim())
    .filter(Boolean)
    .some((key) => {
      const pattern = keyPattern(key, caseSensitive);
      return texts.some((text) => pattern.test(text));
    });
}

function isTriggered(entry: CharacterBookEntry, texts: readonly string[]): boolean {
  if (entry.constant) return true;
  const caseSensitive = entry.case_sensitive === true;
  if (!anyKeyIn(entry.keys, texts, caseSensitive)) return false;
  const needsSecondary = entry.selective === true && (entry.secondary_keys ?? []).some((key) => key.trim());
  return !needsSecondary || anyKeyIn(entry.secondary_keys, texts, caseSensitive);
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

/**
 * The contents of the book's entries that apply to a conversation, in prompt order. `recentTexts`
 * are the conversation's messages, oldest first; the last `scan_depth` (default 4) are searched.
 * Only enabled entries count; constant ones always apply; the others when one of their `keys` is
 * found (and, for selective ones with secondary keys, one of those too). With the book's
 * `recursive_scanning`, the contents of applied entries are searched as well. Entries whose keys
 * are regular expressions (`use_regex`) never apply: a card's own pattern could run for minutes.
 * What does not fit the budget (the book's `token_budget`, at most `tokenBudget`, default 512) is
 * left out, least important first.
 */
export function matchLorebook(
  book: CharacterBook,
  recentTexts: readonly string[],
  options: { tokenBudget?: number } = {},
): string[] {
  const scanDepth = Math.max(0, Math.floor(book.scan_depth ?? LOREBOOK_DEFAULTS.scanDepth));
  const scanned = scanDepth > 0 ? recentTexts.slice(-scanDepth) : [];
  const candidates: Candidate[] = book.entries
    .map((entry, index) => ({ entry, content: contentWithoutDecorators(entry.content), index }))
    .filter(({ entry, content }) => entry.enabled && !entry.use_regex && content.length > 0);

  const applied = new Set<Candidate>();
  let searched = scanned;
  for (;;) {
    const found = candidates.filter(
      (candidate) => !applied.has(candidate) && isTriggered(candidate.entry, searched),
    );
    for (const candidate of found) applied.add(candidate);
    if (found.length === 0 || book.recursive_scanning !== true) break;
    searched = [...scanned, ...[...applied].map((candidate) => candidate.content)];
  }

  const budget = Math.min(
    options.tokenBudget ?? LOREBOOK_DEFAULTS.tokenBudget,
    book.token_budget ?? Infinity,
  );
  let spent = 0;
  const kept: Candidate[] = [];
  for (const candidate of [...applied].sort(byImportance)) {
    const cost = estimateTokens(candidate.content);
    if (spent + cost > budget) continue;
    spent += cost;
    kept.push(candidate);
  }
  return kept.sort(byInsertionOrder).map((candidate) => candidate.content);
}
