import { booleanOf, isPlainObject } from "./card-values.ts";

/**
 * Lorebooks written in SillyTavern's world info shape (issue 11): entries as an object keyed by
 * their id rather than a list, and entries under world info's own field names (`key`, `order`,
 * `disable`, …). SillyTavern reads both into a card's book, so Reverie does too.
 */

/** world info's name of each card entry field it has under another name */
const WORLD_INFO_NAMES = {
  key: "keys",
  keysecondary: "secondary_keys",
  order: "insertion_order",
  uid: "id",
  caseSensitive: "case_sensitive",
} as const;

/**
 * An entry with the card spec's field names: each world info field the entry has, and whose card
 * field it has not, is renamed (`disable` turned into `enabled`); the entry's other fields stay.
 */
export function cardEntryFields(entry: Record<string, unknown>): Record<string, unknown> {
  const fields = { ...entry };
  for (const [worldInfoName, cardName] of Object.entries(WORLD_INFO_NAMES)) {
    if (fields[cardName] !== undefined || fields[worldInfoName] === undefined) continue;
    fields[cardName] = fields[worldInfoName];
    delete fields[worldInfoName];
  }
  const disabled = booleanOf(fields.disable);
  if (fields.enabled === undefined && disabled !== undefined) {
    fields.enabled = !disabled;
    delete fields.disable;
  }
  return fields;
}

/** The id an object's key gives an entry that names none: a number when the key is one. */
function idOfKey(key: string): number | string {
  return /^\d+$/.test(key) ? Number(key) : key;
}

/**
 * A book's entries as a list: a list as it is, an object's values in its key order (each entry
 * without an id of its own taking its key as one); nothing for any other value.
 */
export function entryList(entries: unknown): unknown[] {
  if (Array.isArray(entries)) return entries;
  if (!isPlainObject(entries)) return [];
  return Object.entries(entries).map(([key, entry]) =>
    isPlainObject(entry) && entry.id === undefined && entry.uid === undefined
      ? { ...entry, id: idOfKey(key) }
      : entry,
  );
}
