import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { eld as Eld } from "eld/small";
import { countAtOrBefore } from "./patterns.ts";

/**
 * Which languages' word lists may read a sentence (decision 33). A word list applies only to text
 * in its language: German "Kind" is a child, English "kind" is not; Italian "bimbo" is a child,
 * English "bimbo" is not; French "élève" is a pupil, English "elevate" is not.
 *
 * The sentence's language comes from ELD (the Efficient Language Detector, n-gram based, 60
 * languages, about 20 µs a sentence). Languages whose score is close to the best one's are kept
 * too: short sentences and mixed text ("ich bin kind of müde") are often a near tie. English is
 * always kept: English words are mixed into chats in every language ("sexy", "teen", "nudes").
 */

/** Languages scoring within this distance of the best are read as well. */
const MARGIN = 0.1;
/** … and within this one when ELD itself says its answer is not reliable (very short text). */
const UNRELIABLE_MARGIN = 0.15;

/** A sentence this short is read in the previous sentence's languages too: ELD is unsure of a few words. */
const SHORT_SENTENCE = 24;

/** A sentence: up to the next full stop, question or exclamation mark, or line break. */
const SENTENCE = /[^.!?\n。！？]+[.!?\n。！？]*/g;

interface Detected {
  languages: ReadonlySet<string>;
  /** the best language, when ELD is sure of it */
  sure: string | undefined;
}
const detected = new Map<string, Detected>();
const DETECTED_KEPT = 5_000;

/**
 * ELD, loaded on the first sentence read: its n-gram tables (1.6 MB of source) are most of what
 * importing the moderation rules cost, paid by every test worker and script that imports them
 * without reading a word. Loaded synchronously (require of an ES module, by its resolved file: the
 * package exports no "require" entry), so detection stays synchronous.
 */
let detector: typeof Eld | undefined;
function eld(): typeof Eld {
  detector ??= (
    createRequire(import.meta.url)(fileURLToPath(import.meta.resolve("eld/small"))) as { eld: typeof Eld }
  ).eld;
  return detector;
}

/** Whether ELD is loaded yet: not until a sentence is read (for the tests). */
export function languageDetectorLoaded(): boolean {
  return detector !== undefined;
}

/** The languages a sentence may be read in: English and those ELD finds close to the best. */
function detect(sentence: string): Detected {
  const key = sentence.trim();
  const known = detected.get(key);
  if (known !== undefined) return known;
  const languages = new Set(["en"]);
  let sure: string | undefined;
  if (/\p{L}{2}/u.test(key)) {
    const result = eld().detect(key);
    const scores = Object.entries(result.getScores());
    const best = scores.reduce((top, [, score]) => Math.max(top, score), 0);
    const reliable = result.isReliable();
    const margin = reliable ? MARGIN : UNRELIABLE_MARGIN;
    for (const [language, score] of scores) if (score >= best - margin) languages.add(language);
    if (reliable && result.language !== "") sure = result.language;
  }
  const found = { languages, sure };
  if (detected.size >= DETECTED_KEPT) detected.clear();
  detected.set(key, found);
  return found;
}

export function sentenceLanguages(sentence: string): ReadonlySet<string> {
  return detect(sentence).languages;
}

/** The languages of each sentence of a text, by position. */
export interface TextLanguages {
  /** every language any sentence may be read in */
  readonly all: ReadonlySet<string>;
  /** English and the languages ELD is sure of for some sentence: fewer, for coarser gating */
  readonly sure: ReadonlySet<string>;
  /** the languages the sentence at this position may be read in */
  at(position: number): ReadonlySet<string>;
}

export function textLanguages(text: string): TextLanguages {
  const starts: number[] = [];
  const sets: ReadonlySet<string>[] = [];
  const all = new Set<string>(["en"]);
  const sure = new Set<string>(["en"]);
  SENTENCE.lastIndex = 0;
  for (let match = SENTENCE.exec(text); match !== null; match = SENTENCE.exec(text)) {
    const found = detect(match[0]);
    starts.push(match.index);
    // a short sentence ("ma baciami.": Polish to ELD) goes on in the language of the one before
    const previous = sets.at(-1);
    const short = match[0].length <= SHORT_SENTENCE && previous !== undefined;
    sets.push(short ? new Set([...found.languages, ...previous]) : found.languages);
    for (const language of found.languages) all.add(language);
    if (found.sure !== undefined) sure.add(found.sure);
  }
  const english: ReadonlySet<string> = new Set(["en"]);
  return {
    all,
    sure,
    at(position) {
      return sets[countAtOrBefore(starts, position) - 1] ?? english;
    },
  };
}

/** Every sentence in every language: for reading a text whose language does not matter. */
export function anyLanguage(languages: readonly string[]): TextLanguages {
  const all = new Set(languages);
  return { all, sure: all, at: () => all };
}
