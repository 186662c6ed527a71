/**
 * The world reading of a text: what the world-language rules read. Unlike normalize.ts it keeps
 * every script as it is (Cyrillic, Greek, Arabic, CJK …) and undoes only what hides a word in it:
 * NFKC (fullwidth and compatibility forms), invisible characters, accents on Latin and Greek letters
 * and vowel points on Arabic and Hebrew (often left out in chat), native digits, look-alike letters
 * of another script inside a word ("шкoльницa" with Latin o and a), letters and CJK characters
 * spaced or dotted apart, and two digits spaced apart.
 */
import { INVISIBLE } from "../normalize.ts";

/** Accents on Latin and Greek letters, Arabic short vowels and tatweel, Hebrew points. */
const LATIN_OR_GREEK_MARKS = /(?<=[\p{Script=Latin}\p{Script=Greek}])\p{M}+/gu;
const ARABIC_HEBREW_POINTS = /[\u064b-\u065f\u0670\u0640\u0591-\u05c7]/gu;
const UNDECOMPOSED: Record<string, string> = {
  ł: "l",
  ı: "i",
  đ: "d",
  ð: "d",
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ς: "σ",
  ё: "е",
};
const UNDECOMPOSED_LETTERS = new RegExp(`[${Object.keys(UNDECOMPOSED).join("")}]`, "gu");

const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];
const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59]/gu;

function asciiDigit(char: string): string {
  const code = char.codePointAt(0) as number;
  const block = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9) as number;
  return String(code - block);
}

const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;

/** Latin letters that look like Cyrillic or Greek ones, for words written in those scripts. */
const LATIN_TO_CYRILLIC: Record<string, string> = {
  a: "а",
  b: "в",
  c: "с",
  e: "е",
  h: "н",
  i: "і",
  k: "к",
  m: "м",
  n: "п",
  o: "о",
  p: "р",
  r: "г",
  t: "т",
  u: "и",
  x: "х",
  y: "у",
  "0": "о",
  "3": "з",
  "4": "ч",
  "6": "б",
};
const CYRILLIC_TO_LATIN: Record<string, string> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC)
    .filter(([latin]) => /[a-z]/.test(latin))
    .map(([latin, cyrillic]) => [cyrillic, latin]),
);
const LATIN_TO_GREEK: Record<string, string> = {
  a: "α",
  b: "β",
  e: "ε",
  i: "ι",
  k: "κ",
  n: "η",
  o: "ο",
  p: "ρ",
  t: "τ",
  u: "υ",
  v: "ν",
  x: "χ",
  y: "υ",
};

/** A word with letters of two scripts among Latin, Cyrillic and Greek. */
const MIXED_WORD =
  /(?<![\p{L}\d])(?:(?=[\p{L}\d]*\p{Script=Latin})(?=[\p{L}\d]*[\p{Script=Cyrillic}\p{Script=Greek}])|(?=[\p{L}\d]*\p{Script=Cyrillic}[0346]))[\p{L}\d]+/gu;
/** Look-alikes can hide only where Latin letters stand next to Cyrillic or Greek ones, or digits that look like letters do. */
const MAY_MIX = /[a-z0346][\u0370-\u04ff]|[\u0370-\u04ff][a-z0346]/;
const CYRILLIC = /\p{Script=Cyrillic}/gu;
const GREEK = /\p{Script=Greek}/gu;
const LATIN = /\p{Script=Latin}/gu;

/** The letters of the minority script read as the majority's look-alikes. */
function unmixWord(word: string): string {
  const cyrillic = word.match(CYRILLIC)?.length ?? 0;
  const greek = word.match(GREEK)?.length ?? 0;
  const latin = word.match(LATIN)?.length ?? 0;
  if (cyrillic >= latin && cyrillic >= greek)
    return word.replace(/[a-z]|(?<=\p{L})[0346]/gu, (char) => LATIN_TO_CYRILLIC[char] ?? char);
  if (greek >= latin) return word.replace(/[a-z]/g, (char) => LATIN_TO_GREEK[char] ?? char);
  return word.replace(/[\u0400-\u04ff]/g, (char) => CYRILLIC_TO_LATIN[char] ?? char);
}

/** Scripts written without spaces between words: spaces between their characters only hide them. */
const UNSPACED = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}ー";
const SPACE_IN_UNSPACED = new RegExp(
  `(?<=[${UNSPACED}\\d]) +(?=[${UNSPACED}])|(?<=[${UNSPACED}]) +(?=\\d)`,
  "gu",
);
/** Three or more single letters kept apart ("ш к о л а", "s.e.x"): one word. */
const SPACED_LETTERS = /(?<![\p{L}\p{M}\d])(?:\p{L}\p{M}* ){2,}\p{L}\p{M}*(?![\p{L}\p{M}\d])/gu;
const DOTTED_LETTERS = /(?<![\p{L}\p{M}\d])(?:\p{L}\p{M}*[._\-*·•]){2,}\p{L}\p{M}*(?![\p{L}\p{M}\d])/gu;
const SPACED_DIGITS = /(?<!\d)(\d) (\d)(?! ?\d)/g;

/** Letters spaced one apart with words two or more apart ("т ы  ш к о л ь н и ц а"). */
function joinWideSpacing(text: string): string {
  const words = text.split(/ {2,}/);
  const spaced = (word: string) => /^(?:\S )+\S$/u.test(word);
  if (words.length < 2 || words.filter(spaced).length * 2 < words.length) return text;
  return words.map((word) => (spaced(word) ? word.replace(/ /g, "") : word)).join(" ");
}

const PLAIN_ASCII = /^[\t\n\r -~]*$/;

/** Latin or Greek letters that may carry an accent, precomposed or not. */
const ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff\u0370-\u03ff\u1f00-\u1fff]|[a-z][\u0300-\u036f]/;

function stripAccents(text: string): string {
  return ACCENTED.test(text)
    ? text.normalize("NFD").replace(LATIN_OR_GREEK_MARKS, "").normalize("NFC")
    : text;
}

export function worldText(text: string): string {
  let out: string;
  if (PLAIN_ASCII.test(text)) {
    out = text.toLowerCase();
  } else {
    out = stripAccents(text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase())
      .replace(ARABIC_HEBREW_POINTS, "")
      .replace(UNDECOMPOSED_LETTERS, (char) => UNDECOMPOSED[char] ?? char)
      .replace(NATIVE_DIGITS, asciiDigit)
      .replace(APOSTROPHES, "'")
      .replace(/[\t\u00a0\u3000]/g, " ");
    if (MAY_MIX.test(out)) out = out.replace(MIXED_WORD, unmixWord);
    out = joinWideSpacing(out).replace(SPACE_IN_UNSPACED, "");
  }
  out = out
    .replace(/ {2,}/g, " ")
    .replace(SPACED_LETTERS, (run) => run.replace(/ /g, ""))
    .replace(DOTTED_LETTERS, (run) => run.replace(/[._\-*·•]/g, ""));
  return out.replace(SPACED_DIGITS, "$1$2");
}
