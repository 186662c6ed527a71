import { decodeHTML } from "entities";
import unhomoglyph from "unhomoglyph";

/**
 * Text as the moderation rules read it: lower case ASCII where the writer meant Latin letters,
 * whatever disguise they used (accents, look-alike letters from other scripts, fullwidth or
 * mathematical letters, invisible characters, s p a c e d or s.e.p.a.r.a.t.e.d letters, leetspeak).
 */

/** Zero-width characters, joiners, soft hyphens, bidi controls and tag characters: they only hide (marks go later). */
export const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]/gu;

/**
 * Letters the confusables table maps to something other than the Latin letter a reader sees (or
 * not at all): Cyrillic and Greek letters used as Latin ones, small capitals, and the letters of
 * European languages that have no decomposition (ß, æ, ø, ł …).
 */
const LOOK_ALIKES: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  ı: "i",
  ħ: "h",
  þ: "th",
  // Cyrillic
  в: "b",
  г: "r",
  д: "d",
  з: "3",
  и: "u",
  к: "k",
  л: "n",
  м: "m",
  н: "h",
  п: "n",
  т: "t",
  ц: "u",
  ч: "y",
  ш: "w",
  щ: "w",
  ь: "b",
  ъ: "b",
  ы: "bi",
  я: "r",
  // Greek
  β: "b",
  γ: "y",
  δ: "d",
  ε: "e",
  η: "n",
  θ: "o",
  ι: "i",
  κ: "k",
  μ: "u",
  π: "n",
  σ: "o",
  ς: "c",
  τ: "t",
  φ: "o",
  χ: "x",
  ω: "w",
  // small capitals and other phonetic letters
  ᴀ: "a",
  ʙ: "b",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ꜰ: "f",
  ɢ: "g",
  ʜ: "h",
  ɪ: "i",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "l",
  ᴍ: "m",
  ɴ: "n",
  ᴏ: "o",
  ᴘ: "p",
  ʀ: "r",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ʏ: "y",
  ᴢ: "z",
  ĸ: "k",
  ʍ: "m",
  ᴎ: "n",
  ᴙ: "r",
  ɜ: "e",
  ƅ: "b",
  ɸ: "o",
  ꞓ: "e",
  ẟ: "d",
};

const NON_ASCII = /[^\t\n\r -~]/gu;
const MARKS = /\p{M}+/gu;

/** Apostrophes, quotes and dashes in their plain ASCII form, so patterns need only one. */
const PUNCTUATION: [RegExp, string][] = [
  [/[\u2018\u2019\u201a\u201b\u2032\u00b4\u0060\u02bc\u02b9]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"'],
  [/[\u2010-\u2015\u2212\u2043\ufe58\ufe63\uff0d]/g, "-"],
  [/[\u2026]/g, "..."],
];

/**
 * Three or more single letters kept apart by punctuation ("t.e.e.n", "s-e-x") or by spaces
 * ("f o u r t e e n") are one word written to slip past a filter. Commas are not joiners ("a, b, c"
 * is a list), and one run uses one kind of joiner, so "t.e.e.n s-e-x" stays two words.
 */
const DOTTED_LETTERS = /(?<![a-z0-9])(?:[a-z][._\-*~·•+/]{1,3}){2,}[a-z](?![a-z0-9])/g;
const SPACED_LETTERS = /(?<![a-z0-9])(?:[a-z] {1,3}){2,}[a-z](?![a-z0-9])/g;

/**
 * Letters and digits spaced one apart with words two or more apart ("t u  a s  1 4  a n s"): each
 * word is joined, and the wide gaps become the spaces between words.
 */
function joinWideSpacing(text: string): string {
  const words = text.split(/ {2,}/);
  const spaced = (word: string) => /^(?:[a-z0-9] )+[a-z0-9]$/.test(word);
  if (words.length < 2 || words.filter(spaced).length * 2 < words.length) return text;
  return words.map((word) => (spaced(word) ? word.replace(/ /g, "") : word)).join(" ");
}

const SPACED_DIGITS = /(?<=[a-z'] )(\d) (\d)(?! ?\d)/g;

function joinLetters(text: string): string {
  return text
    .replace(DOTTED_LETTERS, (run) => run.replace(/[^a-z]/g, ""))
    .replace(SPACED_LETTERS, joinSpaced);
}

function joinSpaced(run: string): string {
  // "u r a cutie": texting's "you are" before the letters is two words of its own
  const texting = run.match(/^u {1,3}r {1,3}/)?.[0];
  if (texting) {
    const rest = run.slice(texting.length);
    return `u r ${rest.replace(/ /g, "").length >= 3 ? joinSpaced(rest) : rest}`;
  }
  const letters = run.replace(/ /g, "");
  // "with a t e e n": the article before a spaced word is a word of its own
  return letters.length >= 4 && /^[ai]$/.test(run.charAt(0))
    ? `${run.charAt(0)} ${letters.slice(1)}`
    : letters;
}

function unmaskLetter(char: string): string {
  return LOOK_ALIKES[char] ?? char;
}

/** Unmasked characters by character: a reply in another script repeats a few hundred of them. */
const unmasked = new Map<string, string>();
const UNMASKED_KEPT = 10_000;

function unmaskCharacter(char: string): string {
  const known = unmasked.get(char);
  if (known !== undefined) return known;
  const lower = char.toLowerCase();
  let result: string;
  if (LOOK_ALIKES[lower] !== undefined) result = unmaskLetter(lower);
  else {
    const confusable = unhomoglyph(char);
    result = confusable === char ? char : [...confusable].map(unmaskLetter).join("");
  }
  if (unmasked.size >= UNMASKED_KEPT) unmasked.clear();
  unmasked.set(char, result);
  return result;
}

/** Printable ASCII (most messages): no Unicode disguise to undo, only the backtick among the quotes. */
const PLAIN_ASCII = /^[\t\n\r -~]*$/;

/** Look-alike letters, accents, invisible characters and typographic punctuation undone, in lower case. */
function unmaskUnicode(text: string): string {
  let out = text.normalize("NFKC").replace(INVISIBLE, "");
  out = out.normalize("NFKD").replace(MARKS, "");
  for (const [pattern, replacement] of PUNCTUATION) out = out.replace(pattern, replacement);
  // letters of other scripts that look Latin: our table first, then Unicode's confusables. In a text
  // written mostly in another script (a Russian reply) only words that mix in Latin letters are a
  // disguise: unmasking every "о" and "с" there made Latin fragments the word lists then scanned
  // (a 4,000-character Russian reply cost 5 ms).
  out = mostlyOtherScript(out)
    ? out.replace(WORD, (word) => (ASCII_LETTER.test(word) ? word.replace(NON_ASCII, unmaskCharacter) : word))
    : out.replace(NON_ASCII, unmaskCharacter);
  out = out.normalize("NFKD").replace(MARKS, "").toLowerCase();
  // letters still beyond Latin-1 are of a script no word list here is written in: the world rules
  // read those (world/); scanning them here only cost time (13 ms a 4,000-character Japanese reply).
  // Emoji and symbols stay: they part words as punctuation does ("you are fourteen 😘 kiss me").
  return oneByte(out.replace(OTHER_SCRIPT_WORDS, " "));
}
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ASCII_LETTER = /[a-z]/i;
const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

function mostlyOtherScript(text: string): boolean {
  if (!BEYOND_LATIN_1.test(text)) return false;
  const letters = text.match(LETTER)?.length ?? 0;
  return (text.match(LATIN_LETTER)?.length ?? 0) * 2 < letters;
}

/** Runs of letters and digits beyond Latin-1. */
const OTHER_SCRIPT_WORDS = /(?:(?![ -\u00ff])[\p{L}\p{N}])+/gu;

/**
 * The same text in V8's one-byte representation when it is all Latin-1 again. Undoing accents goes
 * through two-byte strings, and V8 compiles and tiers up each regular expression separately for
 * one- and two-byte text: French or Spanish read after English ran the patterns some 60 % slower.
 */
function oneByte(text: string): string {
  return BEYOND_LATIN_1.test(text) ? text : Buffer.from(text, "latin1").toString("latin1");
}
const BEYOND_LATIN_1 = /[^\t\n\r -\u00ff]/;

/** Markup that can split a word or hide a number: HTML entities, tags, emphasis marks. */
const ENTITY = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;
const BLOCK_TAG = /<\/?(?:br|p|div|li|ul|ol|h[1-6]|tr|td|hr|blockquote)\b[^>]{0,200}>/gi;
const INLINE_TAG = /<\/?[a-z][a-z0-9-]{0,20}\b[^>]{0,200}>/gi;
const EMPHASIS = /[*_~]+/g;
/** A keycap digit ("1️⃣4️⃣"): the digit, its variation selector and the enclosing keycap. */
const KEYCAP = /([0-9])\ufe0f?\u20e3/g;
/** Pictographs between words ("you are 😘 fourteen") say nothing and would keep the words apart. */
const PICTOGRAPHS = /\p{Extended_Pictographic}(?:\ufe0f|\u200d\p{Extended_Pictographic})*/gu;
/**
 * A line broken in the middle of a sentence ("She is\n14 years old"): the next line goes on in
 * lower case or with a number, and the line before ends without punctuation.
 */
const BROKEN_LINE = /(?<=[\p{L}\p{N},])[ \t]*\n[ \t]*(?=[\p{Ll}\p{N}])/gu;

/** Decimal digits of every script ("١٤", "१४", "১৪") as ASCII digits. */
const DIGIT_ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0,
  0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50,
  0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
];
const OTHER_DIGITS = /[^\t\n\r -~]/u;
const UNICODE_DIGIT = /\p{Nd}/gu;
function asciiDigits(text: string): string {
  if (!OTHER_DIGITS.test(text)) return text;
  return text.replace(UNICODE_DIGIT, (digit) => {
    const code = digit.codePointAt(0) as number;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/** Markup, keycaps, pictographs and broken lines undone, before the letters are read. */
function unmarkup(text: string): string {
  let out = ENTITY.test(text) ? decodeHTML(text) : text;
  if (out.includes("<")) out = out.replace(BLOCK_TAG, "\n").replace(INLINE_TAG, "");
  return asciiDigits(out.replace(KEYCAP, "$1"))
    .replace(PICTOGRAPHS, " ")
    .replace(EMPHASIS, "")
    .replace(BROKEN_LINE, " ");
}

/** The text with look-alikes, accents, case and spacing tricks undone; digits are kept as digits. */
export function normalizeText(raw: string): string {
  const text = unmarkup(raw);
  let out = PLAIN_ASCII.test(text) ? text.replace(/`/g, "'").toLowerCase() : unmaskUnicode(text);
  out = joinLetters(joinWideSpacing(out.replace(/[\t\u00a0]/g, " ").trim()).replace(/ +/g, " "));
  // two digits spaced apart after a word ("you're 1 4") are one number
  out = out.replace(SPACED_DIGITS, "$1$2");
  return out.replace(/[ \t\u00a0]+/g, " ").trim();
}

/** Leetspeak: what a digit or symbol stands for inside a word. "1" and "|" are either i or l. */
const LEET: Record<string, [string, string]> = {
  "0": ["o", "o"],
  "1": ["i", "l"],
  "3": ["e", "e"],
  "4": ["a", "a"],
  "5": ["s", "s"],
  "7": ["t", "t"],
  "8": ["b", "b"],
  "9": ["g", "g"],
  "@": ["a", "a"],
  $: ["s", "s"],
  "!": ["i", "i"],
  "|": ["i", "l"],
  "+": ["t", "t"],
  "€": ["e", "e"],
};

/** A number with what follows it as a unit ("14yo", "8th", "5e", "13yrs"): real digits, not leetspeak. */
const NUMBER_WITH_UNIT =
  /^\d+(?:st|nd|rd|th|e|er|eme|o|a|y\/?o|y\.o\.?|yrs?|years?|h|hrs?|min|mins|am|pm|k|kg|km|cm|m|mm|s|x|ans|anos|anni|jahre|jahrig\w*|enne|aa|ieme)?$/;

function isLetter(char: string | undefined): boolean {
  return char !== undefined && char >= "a" && char <= "z";
}

/**
 * One word with its leetspeak read as letters. A leet character counts as a letter when it stands
 * between letters (or other leet characters next to letters), starts a word that goes on in
 * letters, or is the last single character of a word ("l0l1"); numbers with units stay numbers.
 */
function unleetWord(word: string, variant: 0 | 1): string {
  const core = word.match(/^([("'[{]*)(.*?)([)"'\]}.,;:?!]*)$/s);
  const [lead, body, tail] = core ? [core[1] ?? "", core[2] ?? "", core[3] ?? ""] : ["", word, ""];
  if (!/[a-z]/.test(body) || NUMBER_WITH_UNIT.test(body)) return word;
  const chars = [...body];
  const isLeet = (char: string | undefined) => char !== undefined && LEET[char] !== undefined;
  // leet characters joined to a letter through other leet characters
  const wordy = chars.map((char) => isLetter(char));
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = 0; index < chars.length; index++) {
      if (wordy[index] || !isLeet(chars[index])) continue;
      const before = index > 0 && wordy[index - 1];
      const after = index < chars.length - 1 && wordy[index + 1];
      const trailingSingle = index === chars.length - 1 && before && !isLeet(chars[index - 1]);
      const leading = index === 0 && after;
      const between = before && (after || isLeet(chars[index + 1]));
      const leetRunThenLetter = isLeet(chars[index - 1]) && after;
      if (between || leading || trailingSingle || leetRunThenLetter || (before && after)) {
        wordy[index] = true;
        changed = true;
      }
    }
  }
  const letters = chars.map((char, index) =>
    wordy[index] && !isLetter(char) ? (LEET[char]?.[variant] ?? char) : char,
  );
  return `${lead}${letters.join("")}${tail}`;
}

/** A word (between spaces) with a leet character in it: the others are left as they are. */
const LEET_WORD = new RegExp(
  `[^ ]*[${Object.keys(LEET)
    .map((char) => (/\w/.test(char) ? char : `\\${char}`))
    .join("")}][^ ]*`,
  "g",
);

function unleet(text: string, variant: 0 | 1): string {
  return text.replace(LEET_WORD, (word) => unleetWord(word, variant));
}

/**
 * The readings of a text the rules look at: the normalised text with its digits (ages), and the
 * same with leetspeak read as letters (both ways of reading "1"). A text is refused when any
 * reading is.
 */
export function textReadings(text: string): string[] {
  const plain = normalizeText(text);
  const readings = new Set([plain, unleet(plain, 0), unleet(plain, 1)]);
  // leetspeak can hide spaced letters too ("5 3 x"): join them again once read
  for (const reading of [...readings]) {
    readings.add(joinLetters(reading));
  }
  return [...readings];
}
