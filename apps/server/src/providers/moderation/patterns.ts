/**
 * Word lists as regular expressions over normalised text (see normalize.ts): lower case ASCII,
 * one space between words.
 */

const QUANTIFIER = /[?*+{]/;

/**
 * A pattern that also matches its words with letters held down ("teeeen", "sexxx", "kiiid"): every
 * letter may repeat. A doubled letter stays at least doubled ("teen" is not "ten"). A space between
 * words may be missing or be a hyphen ("high school", "highschool", "high-school").
 */
export function stretch(source: string): string {
  let out = "";
  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    if (char === "\\") {
      // an escape (\s, \d, \p{L}) is copied as it is
      let end = index + 2;
      if (/[pPu]/.test(source.charAt(index + 1)) && source.charAt(end) === "{")
        end = source.indexOf("}", end) + 1;
      out += source.slice(index, end);
      index = end;
    } else if (char === "[") {
      let end = index + 1;
      while (end < source.length && source.charAt(end) !== "]") end += source.charAt(end) === "\\" ? 2 : 1;
      out += source.slice(index, end + 1);
      index = end + 1;
      if (!QUANTIFIER.test(source.charAt(index))) out += "+";
    } else if (char === "(" && source.charAt(index + 1) === "?") {
      // a group's own syntax: (?: (?= (?! (?<= (?<! (?<name>
      const named = source.slice(index).match(/^\(\?(?::|=|!|<=|<!|<[a-zA-Z]+>)/);
      const prefix = named ? named[0] : "(?";
      out += prefix;
      index += prefix.length;
    } else if (char === " ") {
      out += "[ \\-]*";
      index += 1;
    } else if (/[a-z]/.test(char)) {
      let end = index + 1;
      while (source.charAt(end) === char) end += 1;
      const run = end - index;
      if (QUANTIFIER.test(source.charAt(end))) {
        // "s?" applies to the letter, held down or not
        out += `${run > 1 ? `${char}{${run - 1},}` : ""}(?:${char}+)`;
      } else {
        out += run > 1 ? `${char}{${run},}` : `${char}+`;
      }
      index = end;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

interface Trie {
  end: boolean;
  next: Map<string, Trie>;
}

/**
 * Words as one prefix tree ("shi(?:san|si)?"), longer words first: a flat list of a hundred
 * number words was tried word by word at every word start (ru-latn's cost 0.3 ms on 4,000 English
 * characters, 0.03 ms as a tree).
 */
export function prefixTree(words: readonly string[]): string {
  const root: Trie = { end: false, next: new Map() };
  for (const word of words) {
    let node = root;
    for (const char of word) {
      let child = node.next.get(char);
      if (child === undefined) {
        child = { end: false, next: new Map() };
        node.next.set(char, child);
      }
      node = child;
    }
    node.end = true;
  }
  const source = (node: Trie): string => {
    const branches = [...node.next].map(
      ([char, child]) => `${char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${source(child)}`,
    );
    if (branches.length === 0) return "";
    const body = branches.length === 1 ? branches.join("") : `(?:${branches.join("|")})`;
    return node.end ? `(?:${body})?` : body;
  };
  return source(root);
}

/** Where a word starts and ends in normalised text. */
const WORD_START = "(?<![a-z0-9])";
const WORD_END = "(?![a-z0-9])";

/** The sources as whole words, stretched, in one global pattern. */
export function wordPattern(sources: readonly string[]): RegExp {
  if (sources.length === 0) return /(?!)/g;
  const body = sources.map((source) => `(?:${stretch(source)})`).join("|");
  return new RegExp(`${WORD_START}(?:${body})${WORD_END}`, "g");
}

/** A span of a reading that a pattern matched. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

export function findAll(pattern: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matches(pattern, text)) {
    spans.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
  }
  return spans;
}

/**
 * Every match of a global pattern, as `text.matchAll(pattern)` gives them, but read with the
 * pattern itself: `matchAll` copies the regular expression on each call, and the copies ran some
 * patterns in V8's slower regular-expression interpreter (measured: a long reply read 25 % slower
 * after many short messages).
 */
export function* matches(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    // an empty match (a lookahead) moves on by one, as matchAll does
    if (match[0] === "") pattern.lastIndex += 1;
    yield match;
  }
}

/** A word with held-down letters written once: "teeeen" → "ten", "fourteen" → "fourten". */
export function collapseRepeats(word: string): string {
  return word.replace(/[\s-]/g, "").replace(/([a-z])\1+/g, "$1");
}

/** How many of the sorted positions stand at or before the position (a binary search). */
export function countAtOrBefore(sorted: readonly number[], position: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}
