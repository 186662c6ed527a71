/** Long enough for a chat reply (about a minute of speech), short enough to synthesize quickly. */
export const MAX_SPEECH_LENGTH = 1000;

const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const URL_TEXT = /\bhttps?:\/\/\S+/gi;
/** Line starts that only format: headings, quotes, list bullets. */
const LINE_MARKUP = /^\s*(?:#{1,6}\s+|>\s*|[-*+•]\s+)/;
/** Emphasis and code marks, and symbols a voice would spell out or stumble over. */
const SYMBOLS = /[*_~`#|<>^{}[\]\\=]+/g;
const ENDS_CLAUSE = /[.!?…,;:]$/;

/**
 * A message as a voice should read it: emoji, links and markdown-ish marks removed (the words of
 * `*smiles*` stay), lines joined into sentences, and cut at a sentence end near `maxLength`.
 * Empty when nothing speakable is left.
 */
export function speakableText(text: string, maxLength = MAX_SPEECH_LENGTH): string {
  const lines = text
    .replace(EMOJI, " ")
    .replace(LINK, "$1")
    .replace(URL_TEXT, " ")
    .split(/\r?\n/)
    .map((line) => line.replace(LINE_MARKUP, "").replace(SYMBOLS, " ").replace(/\s+/g, " ").trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
  // a line break ends a thought; without a mark the voice would run the lines together
  const joined = lines.map((line) => (ENDS_CLAUSE.test(line) ? line : `${line}.`)).join(" ");
  return cut(joined, maxLength);
}

function cut(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const head = text.slice(0, maxLength + 1);
  const sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "));
  // a sentence end in the last half is a natural stop; otherwise stop between words
  if (sentenceEnd >= maxLength / 2) return head.slice(0, sentenceEnd + 1);
  const room = text.slice(0, maxLength - 1); // one character is left for the ellipsis
  const space = room.lastIndexOf(" ");
  return `${(space > 0 ? room.slice(0, space) : room).replace(/[\s,;:]+$/, "")}…`;
}
