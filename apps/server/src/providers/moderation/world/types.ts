/**
 * What the world-language rules know of one language (or a family written alike). Entries are
 * regular expression sources over the world reading of a text (see text.ts): NFKC, lower case,
 * invisible characters removed, Latin and Greek accents stripped ("jestes", "tuoi", "σ αγαπω"),
 * native digits as ASCII digits. A trailing `~` lets a word take any ending ("школьниц~").
 */
export interface WorldTable {
  langs: readonly string[];
  /**
   * Words are written apart: entries match whole words. Chinese, Japanese and Thai are not, and
   * their entries match anywhere.
   */
  spaced: boolean;
  /** endings are glued to words (Korean particles, Turkish suffixes): every entry may go on */
  glued?: boolean;
  /** letters glued before a word (Arabic "و", "ال"; Hebrew "ו", "ה") */
  prefixes?: string;
  /** number words (and the stems ages are built on) with their values */
  numbers: Record<string, number>;
  /** CJK numerals (十四) count as numbers */
  cjkNumerals?: boolean;
  /** ages: `{N}` is the number; `pair` when the construction says it of "I", "you" or "we" */
  ages: readonly AgePattern[];
  /** the words right before an age that make it a duration or a thing's age ("married", "my cat") */
  notAgeBefore: readonly string[];
  /** the words right after an age that make it not a person's ("ago", "of experience", "cat") */
  notAgeAfter: readonly string[];

  /** children, minors and teenagers */
  minors: readonly string[];
  /** school ages: middle school, schoolgirl, grades */
  school: readonly string[];
  /** terms that sexualise in themselves (loli, shota) */
  strong: readonly string[];
  romantic: readonly string[];
  sexual: readonly string[];

  /** the chat's pair is or becomes someone, right before the minor ("you are", "be", "I am") */
  roles: readonly string[];
  /** … or right after it, in languages that put it there ("になって", "gibi davran") */
  rolesAfter: readonly string[];
  /** a roleplay is set up: any minor in the message is a role ("pretend", "roleplay") */
  roleplay: readonly string[];
  /** the speaker's past ("when I was"): not a role now */
  past: readonly string[];
  /** the speaker's own child or pupil ("my daughter", "my students") */
  family: readonly string[];
  /** next to a minor word, adult talk (teacher, reunion) */
  neutral: readonly string[];
}

export interface AgePattern {
  pattern: string;
  pair?: boolean;
}

/** The word lists of a table, as the rules read them. */
export const WORD_CATEGORIES = [
  "minors",
  "school",
  "strong",
  "romantic",
  "sexual",
  "roles",
  "rolesAfter",
  "roleplay",
  "past",
  "family",
  "neutral",
] as const;
