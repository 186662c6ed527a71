import { textLanguages } from "../language.ts";
import { prefixTree } from "../patterns.ts";
import { type AgePattern, WORLD_TABLES, type WorldTable } from "./index.ts";
import { entryScripts, SCRIPTS, scriptsOf } from "./scripts.ts";
import { worldText } from "./text.ts";
import { WORD_CATEGORIES } from "./types.ts";

/**
 * The world-language rules (decision 13): Russian, Ukrainian, Polish, Czech, Dutch, the Nordic
 * languages, Romanian, Hungarian, Greek, Turkish, Indonesian and Malay, Tagalog, Vietnamese,
 * Japanese, Chinese, Korean, Arabic, Persian, Hebrew, Hindi and Thai, with English mixed in, all
 * read at once on the world reading of the text (text.ts); the main rules (rule-based.ts) read the
 * six European languages on their ASCII reading.
 *
 * A minor signal is an age under 18 (a number with the language's age unit or construction, in
 * digits, native digits, number words or CJK numerals, unless the words around it make it a
 * duration, a price or a thing's age), a word for a child or teenager, a school term or a strong
 * term (loli, shota). A signal next to adult talk (a teacher, a reunion) is no signal. Decision:
 *
 * - a strong term refuses with any sexual or romantic word;
 * - a signal about the speaker's own child or pupil ("my daughter", "мои ученики") refuses only
 *   with a sexual word anywhere or a romantic word in the child's clause;
 * - a signal placed as the chat pair's role refuses by itself: a role construction right before or
 *   after it ("you are", "ты", "あなたは", "になって"), an age said of "I", "you" or "we"
 *   ("мне 13", "我十三岁"), or a roleplay set up anywhere in the message ("pretend", "представь");
 *   the speaker's past ("when I was") is not a role;
 * - any other signal refuses with any sexual or romantic word in the message.
 *
 * Adult ages (18 and over) are never signals. The tables are compiled once, on first use; a text with no
 * signal is read no further, and texts in plain ASCII skip the tables of other scripts.
 */

/** Letters, marks, digits and the apostrophe (French "j'ai" is not Romanian "ai"). */
const WORD_CHAR = "[\\p{L}\\p{M}\\p{N}']";
const ANY_ENDING = "[\\p{L}\\p{M}]*";

type WordCategory = (typeof WORD_CATEGORIES)[number];

function entrySource(entry: string, table: WorldTable): string {
  const source = entry.endsWith("~") ? `${entry.slice(0, -1)}${ANY_ENDING}` : entry;
  return table.glued && !entry.endsWith("~") ? `${source}${ANY_ENDING}` : source;
}

/** A table's entries as one source: whole words (after the table's prefixes) in spaced scripts. */
function wordsSource(table: WorldTable, entries: readonly string[]): string | undefined {
  if (entries.length === 0) return undefined;
  const body = entries.map((entry) => entrySource(entry, table)).join("|");
  if (!table.spaced) return `(?:${body})`;
  const prefix = table.prefixes ? `(?:${table.prefixes})?` : "";
  return `${prefix}(?:${body})(?!${WORD_CHAR})`;
}

/**
 * Sources of spaced scripts under one word-start check, then those of unspaced ones: most positions
 * of a text are inside a word, and one failed lookbehind skips them (a lookbehind per table made
 * V8 try every table at every position, measured 3 times slower).
 */
function alternatives(spaced: string[], unspaced: string[]): string {
  const parts = [...(spaced.length > 0 ? [`(?<!${WORD_CHAR})(?:${spaced.join("|")})`] : []), ...unspaced];
  return parts.length > 0 ? parts.join("|") : "(?!)";
}

/** The entries of a table that a text in these scripts can hold. */
function entriesFor(table: WorldTable, present: number): WorldTable {
  const fits = (entry: string) => (entryScripts(entry) & ~present) === 0;
  const entries = (list: readonly string[]) => list.filter(fits);
  return {
    ...table,
    numbers: Object.fromEntries(Object.entries(table.numbers).filter(([word]) => fits(word))),
    ages: table.ages.filter((age) => fits(age.pattern)),
    ...Object.fromEntries(
      [...CATEGORIES, "notAgeBefore" as const, "notAgeAfter" as const].map((category) => [
        category,
        entries(table[category]),
      ]),
    ),
  };
}

function union(tables: readonly WorldTable[], category: WordCategory): RegExp {
  const sources = (spaced: boolean) =>
    tables
      .filter((table) => table.spaced === spaced)
      .flatMap((table) => wordsSource(table, table[category]) ?? []);
  return new RegExp(alternatives(sources(true), sources(false)), "gu");
}

// --- ages ---

const CJK_NUMERAL = "[〇零一二两兩三四五六七八九十]";
const NUMBER_VALUES = new Map(WORLD_TABLES.flatMap((table) => Object.entries(table.numbers)));

function numberSource(table: WorldTable): string {
  const words = Object.keys(table.numbers);
  const alternatives = ["(?<!\\d)\\d{1,2}(?!\\d)", ...(words.length > 0 ? [prefixTree(words)] : [])];
  if (table.cjkNumerals) alternatives.push(`(?<![〇零一二两兩三四五六七八九十百千万萬])${CJK_NUMERAL}{1,3}`);
  return `(${alternatives.join("|")})`;
}

interface CompiledAge {
  table: WorldTable;
  pattern: AgePattern;
}

/** Every age pattern as one alternative with one capture group (the number), in table order. */
function ageSources(tables: readonly WorldTable[]): { source: string; ages: CompiledAge[] } {
  const ages: CompiledAge[] = [];
  const sources = { spaced: [] as string[], unspaced: [] as string[] };
  // the spaced tables' patterns come first in the source, so their capture groups do too
  const ordered = [...tables.filter((table) => table.spaced), ...tables.filter((table) => !table.spaced)];
  for (const table of ordered) {
    for (const pattern of table.ages) {
      const body = pattern.pattern
        .split("{N}")
        .map((part) => entrySource(part, { ...table, glued: false }))
        .join(numberSource(table));
      // "14 let-downs": a hyphen and a letter carry the word on
      if (table.spaced) sources.spaced.push(`(?:${body})${table.glued ? "" : `(?!${WORD_CHAR}|-\\p{L})`}`);
      else sources.unspaced.push(`(?:${body})`);
      ages.push({ table, pattern });
    }
  }
  return { source: alternatives(sources.spaced, sources.unspaced), ages };
}

function cjkValue(numeral: string): number | undefined {
  const digits: Record<string, number> = {
    〇: 0,
    零: 0,
    一: 1,
    二: 2,
    两: 2,
    兩: 2,
    三: 3,
    四: 4,
    五: 5,
    六: 6,
    七: 7,
    八: 8,
    九: 9,
  };
  const [tens, ones] = numeral.split("十") as [string, string | undefined];
  if (ones === undefined) return numeral.length === 1 ? digits[numeral] : undefined;
  const tensValue = tens === "" ? 1 : digits[tens];
  const onesValue = ones === "" ? 0 : digits[ones];
  return tensValue === undefined || onesValue === undefined ? undefined : tensValue * 10 + onesValue;
}

function numberValue(raw: string): number | undefined {
  if (/^\d+$/.test(raw)) return Number(raw);
  return NUMBER_VALUES.get(raw) ?? cjkValue(raw);
}

function contextPattern(tables: readonly WorldTable[], category: "notAgeBefore" | "notAgeAfter"): RegExp {
  const entries = tables.flatMap((table) =>
    table[category].map((entry) => {
      const source = entrySource(entry, { ...table, glued: false });
      return category === "notAgeBefore" && table.spaced ? `(?<!${WORD_CHAR})${source}` : source;
    }),
  );
  if (entries.length === 0) return /(?!)/u;
  return category === "notAgeAfter"
    ? new RegExp(`^[\\s\\-]*(?:${entries.join("|")})`, "u")
    : new RegExp(`(?:${entries.join("|")})(?: [\\p{L}\\p{M}]+)?[\\s,]*$`, "u");
}

// --- the compiled rules: one set for every script, one for tables written in ASCII ---

interface Rules {
  anySignal: RegExp;
  ages: RegExp;
  ageTable: CompiledAge[];
  words: Record<WordCategory, RegExp>;
  notAgeBefore: RegExp;
  notAgeAfter: RegExp;
}

const CATEGORIES: readonly WordCategory[] = WORD_CATEGORIES;

function compile(tables: readonly WorldTable[]): Rules {
  const { source, ages } = ageSources(tables);
  const words = Object.fromEntries(
    CATEGORIES.map((category) => [category, union(tables, category)]),
  ) as Record<WordCategory, RegExp>;
  const signalSources = [source, words.minors.source, words.school.source, words.strong.source];
  return {
    anySignal: new RegExp(signalSources.join("|"), "u"),
    ages: new RegExp(source, "gu"),
    ageTable: ages,
    words,
    notAgeBefore: contextPattern(tables, "notAgeBefore"),
    notAgeAfter: contextPattern(tables, "notAgeAfter"),
  };
}

/**
 * Tables of languages written in Latin letters that the language detector knows (language.ts) read
 * a text only when a sentence of it is in their language: Dutch "kind" is a child, English "kind"
 * is not. Romanised tables (ru-latn, ja-latn …) and languages the detector does not know (Swahili)
 * read every Latin text. The Japanese table reads only text with kana: Chinese "其中一" ("one of
 * them") is no Japanese "中一" (first year of middle school).
 */
const DETECTED_LATIN = new Set([
  "pl",
  "cs",
  "sk",
  "nl",
  "sv",
  "da",
  "no",
  "ro",
  "hu",
  "tr",
  "az",
  "ms",
  "id",
  "tl",
  "vi",
  "fi",
  "hr",
  "sr",
  "bs",
  "sl",
  "lt",
  "lv",
  "et",
  "ca",
  "sq",
  "eu",
  "is",
]);
const gatedByLanguage = (table: WorldTable) => table.langs.every((lang) => DETECTED_LATIN.has(lang));
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}歳]/u;

/**
 * The compiled rules a text is read with: one set for the tables every text of its scripts reads,
 * then one set per table gated by language that its sentences are in. Each set is compiled once per
 * script combination (a handful in practice) and kept: compiling is what costs (a few hundred ms
 * for the large sets), so combinations of languages are never compiled together.
 */
const RULES_BY_KEY = new Map<string, Rules>();

function compiled(key: string, tables: readonly WorldTable[], present: number): Rules {
  let rules = RULES_BY_KEY.get(key);
  if (rules === undefined) {
    rules = compile(tables.map((table) => entriesFor(table, present)));
    RULES_BY_KEY.set(key, rules);
  }
  return rules;
}

const ENTRIES_BY_KEY = new Map<string, boolean>();
function hasEntries(table: WorldTable, present: number): boolean {
  const key = `${present}:${WORLD_TABLES.indexOf(table)}`;
  let has = ENTRIES_BY_KEY.get(key);
  if (has === undefined) {
    const entries = entriesFor(table, present);
    has = entries.ages.length > 0 || CATEGORIES.some((category) => entries[category].length > 0);
    ENTRIES_BY_KEY.set(key, has);
  }
  return has;
}

const isNativeJapanese = (table: WorldTable) => table.langs[0] === "ja" && !table.spaced;
const UNGATED = WORLD_TABLES.filter((table) => !gatedByLanguage(table));
const GATED = WORLD_TABLES.filter(gatedByLanguage);

function rulesFor(present: number, languages: ReadonlySet<string>, kana: boolean): Rules[] {
  const base = compiled(
    `${present}:${kana}`,
    UNGATED.filter((table) => kana || !isNativeJapanese(table)),
    present,
  );
  // a text without Latin letters reads a gated table's entries in its own script (Serbian Cyrillic),
  // when it has any
  const gated = GATED.filter((table) =>
    present & 1 ? table.langs.some((lang) => languages.has(lang)) : hasEntries(table, present),
  );
  return [
    base,
    ...gated.map((table) => compiled(`${present}:${WORLD_TABLES.indexOf(table)}`, [table], present)),
  ];
}

const NO_LANGUAGE: ReadonlySet<string> = new Set();
const SHORT_TEXT = 400;

/**
 * Compiles the sets for each script alone and with Latin, once, on the first text read: importing
 * the rules stays cheap (every test worker and script imports them), the first classification
 * pays, and no later chat message waits for them. The sets are kept by key, so compiling them
 * ahead changes no answer.
 */
let warmed = false;
function warmUp(): void {
  if (warmed) return;
  warmed = true;
  for (let script = 0; script < SCRIPTS.length; script++) {
    rulesFor(1 << script, NO_LANGUAGE, true);
    rulesFor((1 << script) | 1, NO_LANGUAGE, true);
  }
}

/** How many rule sets are compiled so far: none until a text is read (for the tests). */
export function compiledRuleSets(): number {
  return RULES_BY_KEY.size;
}

// --- reading a text ---

interface Span {
  start: number;
  end: number;
}

type SignalKind = "age" | "minor" | "school" | "strong";

interface Signal extends Span {
  kind: SignalKind;
  /** an age said of "I", "you" or "we" */
  pair: boolean;
}

function spans(pattern: RegExp, text: string): Span[] {
  const found: Span[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === "") {
      pattern.lastIndex += 1;
      continue;
    }
    found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** The ages one set of rules finds, unless the words around them in any set's tables say otherwise. */
function findAges(rules: Rules, text: string, every: readonly Rules[]): Signal[] {
  const found: Signal[] = [];
  const pattern = rules.ages;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const group = match.findIndex((value, index) => index > 0 && value !== undefined);
    const raw = match[group];
    const compiled = rules.ageTable[group - 1];
    const value = raw === undefined ? undefined : numberValue(raw);
    // an age pattern that matched a longer number than it reads ("115") starts again after it
    if (value === undefined || compiled === undefined || value < 1 || value >= 18) continue;
    const start = match.index;
    const end = start + match[0].length;
    const after = text.slice(end, end + 24);
    const before = text.slice(Math.max(0, start - 32), start);
    if (every.some((set) => set.notAgeAfter.test(after) || set.notAgeBefore.test(before))) continue;
    found.push({ start, end, kind: "age", pair: compiled.pattern.pair === true });
  }
  return found;
}

const SENTENCE_BREAK = /[.!?。！？\n]/u;
const CLAUSE_BREAK = /[.,;:!?。、，！？；：\n،؛؟…()]/u;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

class WorldReading {
  readonly text: string;
  readonly #rules: readonly Rules[];
  readonly #found: Partial<Record<WordCategory, Span[]>> = {};

  /** `rules`: the sets the text is read with; what each finds counts alike. */
  constructor(text: string, rules: readonly Rules[]) {
    this.text = text;
    this.#rules = rules;
  }

  spansOf(category: WordCategory): Span[] {
    this.#found[category] ??= this.#rules.flatMap((rules) => spans(rules.words[category], this.text));
    return this.#found[category];
  }

  signals(): Signal[] {
    const words = (category: "minors" | "school" | "strong", kind: SignalKind) =>
      this.spansOf(category).map((span) => ({ ...span, kind, pair: false }));
    return [
      ...words("strong", "strong"),
      ...words("school", "school"),
      ...words("minors", "minor"),
      ...this.#rules.flatMap((rules) => findAges(rules, this.text, this.#rules)),
    ];
  }

  sameSentence(a: Span, b: Span): boolean {
    const from = Math.min(a.end, b.end);
    const to = Math.max(a.start, b.start);
    return from >= to || !SENTENCE_BREAK.test(this.text.slice(from, to));
  }

  sameClause(a: Span, b: Span): boolean {
    const from = Math.min(a.end, b.end);
    const to = Math.max(a.start, b.start);
    return from >= to || !CLAUSE_BREAK.test(this.text.slice(from, to));
  }

  /**
   * Close enough to be said of each other: in one clause, at most two words apart in spaced
   * scripts or four characters in unspaced ones (or `chars` for a looser reach).
   */
  close(a: Span, b: Span, chars?: number): boolean {
    if (a.start < b.end && b.start < a.end) return true;
    if (!this.sameClause(a, b)) return false;
    const gap = this.text.slice(Math.min(a.end, b.end), Math.max(a.start, b.start));
    if (chars !== undefined) return gap.length <= chars;
    const trimmed = gap.trim();
    if (trimmed === "") return true;
    if (!/\s/.test(trimmed) && UNSPACED_SCRIPT.test(trimmed)) return trimmed.length <= 4;
    return trimmed.split(/\s+/).length <= 2 && trimmed.length <= 24;
  }

  near(category: WordCategory, signal: Span, chars?: number): boolean {
    return this.spansOf(category).some((span) => this.close(span, signal, chars));
  }

  /**
   * A role construction right before the signal (or right after it), with no child of the family
   * between. A roleplay set up anywhere in a message makes any minor in it a role; in a long text
   * (a card, which is a roleplay set-up throughout: "请开始角色扮演") only one right before the
   * signal does ("扮演一个孩子"), not "孩子们玩的游戏中，扮演英雄的…".
   */
  inRole(signal: Signal, long = false): boolean {
    if (signal.pair) return true;
    const roleplay = this.spansOf("roleplay");
    if (
      long
        ? roleplay.some((role) => role.end <= signal.start && this.close(role, signal))
        : roleplay.length > 0
    )
      return true;
    const before = this.spansOf("roles").some(
      (role) =>
        role.end <= signal.start &&
        this.close(role, signal) &&
        !this.spansOf("family").some((kin) => kin.start >= role.end && kin.end <= signal.start),
    );
    return (
      before ||
      this.spansOf("rolesAfter").some((role) => role.start >= signal.end && this.close(role, signal))
    );
  }

  /** The speaker's own child or pupil, unless the pair is cast as one ("be my daughter"). */
  ofFamily(signal: Signal): boolean {
    return this.spansOf("family").some(
      (kin) =>
        this.close(kin, signal, 24) &&
        !this.spansOf("roles").some((role) => role.end <= kin.start && this.close(role, kin)),
    );
  }
}

function signalRefused(reading: WorldReading, signal: Signal, long: boolean): boolean {
  // in a long text (a card), a word for a child counts sex or romance in its own sentence only
  const near = (span: Span) => !long || signal.kind === "age" || reading.sameSentence(span, signal);
  const sexual = reading.spansOf("sexual").some(near);
  const romantic = reading.spansOf("romantic").filter(near);
  if (signal.kind === "strong" && (sexual || romantic.length > 0)) return true;
  if (signal.kind !== "strong" && reading.near("neutral", signal, 16)) return false;
  if (reading.ofFamily(signal)) return sexual || romantic.some((word) => reading.sameClause(word, signal));
  // a memory ("when I was 14 …") is refused only with sexual words (decision 33)
  if (reading.near("past", signal, 24)) return sexual;
  if (reading.inRole(signal, long)) return true;
  return sexual || romantic.length > 0;
}

/**
 * The words of the first minor signal the world rules refuse: one placed as the chat pair's role
 * or next to sex or romance, in the world languages; undefined when there is none.
 */
export function worldEvidence(text: string, partOfLongText = false): string | undefined {
  warmUp();
  const reading = worldText(text);
  const scripts = scriptsOf(reading);
  // the tables gated by language are all in Latin letters: a text without them needs no detection
  // (a short text: every language near the best; a long one: only those ELD is sure of, so that a
  // card's odd sentences do not add every table)
  const languages = !(scripts & 1)
    ? NO_LANGUAGE
    : text.length <= SHORT_TEXT
      ? textLanguages(text).all
      : textLanguages(text).sure;
  const rules = rulesFor(scripts, languages, KANA.test(text)).filter((set) => set.anySignal.test(reading));
  if (rules.length === 0) return undefined;
  const world = new WorldReading(reading, rules);
  // past a short message, a child word counts sex or romance in its own sentence, as in the main
  // rules: "丢下徐姐和孩子跑出去钓鱼" and a sexual scene a paragraph later are not about each other
  const long = partOfLongText || text.length > SHORT_TEXT;
  const signal = world.signals().find((found) => signalRefused(world, found, long));
  return signal === undefined ? undefined : reading.slice(signal.start, signal.end);
}

/** Whether the text puts a minor in a role or next to sex or romance, in the world languages. */
export function refusesMinorsInWorldLanguages(text: string): boolean {
  return worldEvidence(text) !== undefined;
}
