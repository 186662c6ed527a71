/**
 * The scripts the world rules tell apart. A text is read only with the entries whose letters are
 * all in scripts the text contains: a Russian reply never runs the Thai or Latin words.
 */
export const SCRIPTS = [
  /[a-z]/,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Bengali}/u,
  /\p{Script=Thai}/u,
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  /\p{Script=Hangul}/u,
];

/** The scripts of a text as bits. */
export function scriptsOf(text: string): number {
  let mask = 0;
  SCRIPTS.forEach((script, index) => {
    if (script.test(text)) mask |= 1 << index;
  });
  return mask;
}

/** The scripts of an entry's letters, without its regular-expression escapes and the age's number. */
export const entryScripts = (entry: string) => scriptsOf(entry.replace(/\{N\}|\\[pPu]\{[^}]*\}|\\./g, ""));
