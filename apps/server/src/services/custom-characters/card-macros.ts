import { decodeHTML } from "entities";

/**
 * Character cards write the character and the user as placeholders: `{{char}}` and `{{user}}`
 * (V2/V3), `<BOT>` and `<USER>` (V1), and use more of SillyTavern's macros: `{{random:a,b}}`,
 * `{{pick::a::b}}`, `{{// a comment}}`, `{{trim}}`, `{{newline}}`, `{{original}}`. Card texts are
 * also HTML, where `&#49;&#50;` is "12". A card's text is read here once, the same way for the
 * model's prompt and for moderation, so that moderation checks what the model is given.
 */

export interface MacroNames {
  char: string;
  /** the user's first name; "you" when the profile has none */
  user: string | null;
}

export interface MacroOptions {
  /**
   * How `{{random}}` and `{{pick}}` read: "one" takes one of the options at random (what a prompt
   * gets); "all" keeps every option, joined by spaces, and a number takes the option at that index
   * (or the last one): what moderation reads, since any option may be the one taken.
   */
  choices?: "one" | "all" | number;
  /** where "one" takes its chance from, in [0, 1) */
  random?: () => number;
}

// the names and {{trim}} are put in as these private-use characters and filled in at the end, so
// that a name is never read as card text (a name holding `{{char}}` twice would double each round);
// a card's own characters in that range are dropped
const CHAR = "\uE000";
const USER = "\uE001";
const TRIM = "\uE002";
const ESCAPED_COMMA = "\uE003";
const PLACEHOLDERS = /[\uE000-\uE003]/g;

/** decoding and expanding again while either changes something: an entity can hide a macro and a macro an entity */
const MAX_ROUNDS = 8;

/** V1's placeholders and SillyTavern's other angle-bracket ones, which are never nested */
const ANGLE_MACRO = /<(USER|BOT|CHAR|CHARIFNOTGROUP|GROUP)>/gi;
/** a macro's start or end; of a run of braces the last two open it, as SillyTavern reads `{{{char}}}` */
const MACRO_BRACES = /\{\{(?!\{)|\}\}/g;
/** `{{random:a,b}}`, `{{random::a::b}}`, `{{pick: a, b}}` (and with a space for the colon) */
const CHOICE_MACRO = /^(?:random|pick)\s*(?:::?|\s)([\s\S]*)$/i;

const CHAR_MACROS = new Set(["char", "bot", "charifnotgroup", "group"]);

/** A choice macro's options: split on `::` when it has them (kept as written), else on commas (trimmed, `\,` kept). */
function choiceOptions(list: string): string[] {
  if (list.includes("::")) return list.split("::");
  return list
    .replaceAll("\\,", ESCAPED_COMMA)
    .split(",")
    .map((option) => option.trim().replaceAll(ESCAPED_COMMA, ","));
}

/** What one macro (its body, the macros inside it already expanded) stands for; unknown ones for nothing. */
function macroValue(body: string, options: Required<MacroOptions>): string {
  const name = body.trim();
  if (name.startsWith("//")) return "";
  const choice = CHOICE_MACRO.exec(name);
  if (choice) {
    const list = choiceOptions(choice[1] ?? "");
    if (options.choices === "all") return list.join(" ");
    const index = options.choices === "one" ? Math.floor(options.random() * list.length) : options.choices;
    return list[Math.min(index, list.length - 1)] ?? "";
  }
  const word = name.toLowerCase();
  if (CHAR_MACROS.has(word)) return CHAR;
  if (word === "user") return USER;
  if (word === "newline") return "\n";
  if (word === "trim") return TRIM;
  // {{original}} (SillyTavern's stand-in for its own default prompt, which Reverie's rules
  // replace), {{noop}}, and every macro Reverie does not have
  return "";
}

/**
 * The text with each `{{…}}` replaced by its value, innermost first (`{{random:{{char}},x}}`);
 * braces that never close are kept as written.
 */
function expandMacros(text: string, options: Required<MacroOptions>): string {
  const frames = [""];
  let from = 0;
  for (const brace of text.matchAll(MACRO_BRACES)) {
    const at = brace.index;
    frames[frames.length - 1] += text.slice(from, at);
    from = at + 2;
    if (brace[0] === "{{") {
      frames.push("");
    } else if (frames.length > 1) {
      const body = frames.pop() ?? "";
      frames[frames.length - 1] += macroValue(body, options);
    } else {
      frames[0] += "}}";
    }
  }
  frames[frames.length - 1] += text.slice(from);
  while (frames.length > 1) {
    const unclosed = frames.pop() ?? "";
    frames[frames.length - 1] += `{{${unclosed}`;
  }
  return frames[0] ?? "";
}

/** The text with its HTML entities decoded (`&#49;&#50;` is "12"), those written inside others too (`&amp;#49;`). */
export function decodeEntities(text: string): string {
  let decoded = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = decodeHTML(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/**
 * A card text as it is given to the model: HTML entities decoded and macros expanded, `{{char}}`
 * and `<BOT>` as the character's name, `{{user}}` and `<USER>` as the user's, `{{trim}}` taking
 * the line breaks around it, `{{random}}`/`{{pick}}` as `options.choices` says, comments,
 * `{{original}}` and macros Reverie does not have as nothing.
 */
export function expandCardMacros(text: string, names: MacroNames, options: MacroOptions = {}): string {
  const read: Required<MacroOptions> = {
    choices: options.choices ?? "one",
    random: options.random ?? Math.random,
  };
  let current = text.replace(PLACEHOLDERS, "");
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const withNames = current.replace(ANGLE_MACRO, (_match, which: string) =>
      which.toLowerCase() === "user" ? USER : CHAR,
    );
    // macros first: `&#4{{original}}9;` is "1", not a control character and "9;"
    const next = decodeEntities(expandMacros(withNames, read));
    if (next === current) break;
    current = next;
  }
  const user = names.user?.trim() || "you";
  return current
    .replace(/(?:\r?\n)*\uE002(?:\r?\n)*/g, "")
    .replaceAll(CHAR, decodeEntities(names.char).replace(PLACEHOLDERS, ""))
    .replaceAll(USER, decodeEntities(user).replace(PLACEHOLDERS, ""));
}

/** Whether the text names the user by a placeholder (and so needs the user's name to be shown). */
export function mentionsUser(text: string): boolean {
  return /\{\{\s*user\s*\}\}|<USER>/i.test(decodeEntities(text));
}
