import type { CharacterBookEntry } from "./card-data.ts";

/**
 * How the loose values of real cards are read (decision 23). Card editors write what the specs call a
 * number as "10", a boolean as "true", tags as objects or one comma-separated text, and SillyTavern
 * imports them all, so Reverie does too: a value that says what it means is read as that, and a
 * value that says nothing (an empty text, a word where a number goes) is left out, so the spec's
 * default applies. Only the texts a character is made of are ever refused (card-format.ts).
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A number, or a text that is one ("10", " 2.5 "); undefined for anything else. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

/** true or false, 1 or 0, or a text of either ("true", "FALSE", "1", "yes", "off"); undefined otherwise. */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== "string") return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  return FALSE_WORDS.has(word) ? false : undefined;
}

/** A label (a lorebook entry's name or comment, a nickname): a text, or a number written without quotes. */
export function labelOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
}

/** Any JSON object as it came; anything else (a list, a text, null) as an empty one. */
export function extensionsOf(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

/** a lorebook entry's id: a number or a text, as the specs allow */
export function entryIdOf(value: unknown): number | string | undefined {
  if (typeof value === "string") return value;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * Where an entry goes. SillyTavern's world info numbers its positions (0 before the character's
 * definition, 1 after it, 2 to 6 by the author's note, at a depth in the chat or around the example
 * messages) and writes every one but 0 as `after_char` in a card; words that name a side are read
 * as that side. Anything else (an empty text, another word) is left to the default.
 */
export function positionOf(value: unknown): CharacterBookEntry["position"] {
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (word.startsWith("before")) return "before_char";
    if (word.startsWith("after")) return "after_char";
  }
  const number = numberOf(value);
  if (number === undefined || number < 0) return undefined;
  return number === 0 ? "before_char" : "after_char";
}

/** Where the positions that neither before_char nor after_char says are kept, as SillyTavern keeps them. */
export function positionNumberOf(value: unknown): number | undefined {
  const number = numberOf(value);
  return number !== undefined && Number.isInteger(number) && number > 1 ? number : undefined;
}

/** the fields editors have named a tag by, when they wrote tags as objects */
const TAG_NAME_FIELDS = ["name", "label", "tag", "title", "value", "text"] as const;

function tagNamesOf(item: unknown): string[] {
  if (typeof item === "string") return item.split(",");
  if (typeof item === "number" && Number.isFinite(item)) return [String(item)];
  if (!isPlainObject(item)) return [];
  const field = TAG_NAME_FIELDS.find(
    (name) => typeof item[name] === "string" || typeof item[name] === "number",
  );
  return field ? tagNamesOf(item[field]) : [];
}

/**
 * Tags as texts: from a list of texts, numbers or objects naming a tag (`{name}`, `{label}`,
 * `{tag}`), or one comma-separated text; trimmed, without empty ones or repeats (in any case).
 */
export function tagsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of items.flatMap(tagNamesOf).map((name) => name.trim())) {
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/**
 * Lorebook keys: a list (texts kept as written, numbers as texts, empty and other items left out),
 * one comma-separated text or one number; undefined when there is no list to read.
 */
export function keysOf(value: unknown): string[] | undefined {
  if (typeof value === "string") {
    return value
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean);
  }
  if (typeof value === "number" && Number.isFinite(value)) return [String(value)];
  if (!Array.isArray(value)) return undefined;
  return value
    .map((key) => (typeof key === "number" && Number.isFinite(key) ? String(key) : key))
    .filter((key): key is string => typeof key === "string" && key.trim() !== "");
}
