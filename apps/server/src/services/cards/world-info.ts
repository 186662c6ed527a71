import { booleanOf, isPlainObject, numberOf } from "./card-values.ts";

/**
 * Lorebooks written in SillyTavern's world info shape (decision 23): entries as an object keyed by
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

/** SillyTavern's numbered world info positions, as a prompt places them. */
const POSITION_NAMES = {
  0: "before_char",
  1: "after_char",
  2: "author_note_top",
  3: "author_note_bottom",
  4: "at_depth",
  5: "examples_top",
  6: "examples_bottom",
} as const;

export type EntryPosition = (typeof POSITION_NAMES)[keyof typeof POSITION_NAMES];

const ROLE_NAMES = { 0: "system", 1: "user", 2: "assistant" } as const;

/** How an entry's secondary keys combine with its primary ones (SillyTavern's selectiveLogic). */
export type SelectiveLogic = "and_any" | "not_all" | "not_any" | "and_all";
const LOGIC_NAMES = { 0: "and_any", 1: "not_all", 2: "not_any", 3: "and_all" } as const;

/** SillyTavern's default depth for entries and notes put inside the conversation. */
export const DEFAULT_ENTRY_DEPTH = 4;

/** What an entry says about where it goes and when it applies, beyond the card spec's own fields. */
export interface EntrySettings {
  position: EntryPosition;
  depth: number;
  role: "system" | "user" | "assistant";
  /** percent chance of applying once triggered (100: always) */
  probability: number;
  /** messages it stays applied for once triggered */
  sticky: number;
  /** messages it cannot be triggered again for after it applied (after its sticky run) */
  cooldown: number;
  /** messages the chat must have before it can apply */
  delay: number;
  selectiveLogic: SelectiveLogic;
  /** the entry's own scan depth, when it has one */
  scanDepth: number | undefined;
}

function integerOf(value: unknown): number | undefined {
  const number = numberOf(value);
  return number === undefined ? undefined : Math.trunc(number);
}

/**
 * An entry's settings, as SillyTavern reads them (decision 46): from the card's `extensions`
 * (`position`, `depth`, `role`, `probability`, `useProbability`, `sticky`, `cooldown`, `delay`,
 * `selectiveLogic`, `scan_depth`), else from the entry itself, where a book in world info's own
 * shape keeps them (`scanDepth`); the spec's `position` ("before_char", otherwise after) when no
 * number says more. Values that say nothing leave SillyTavern's defaults.
 */
export function entrySettings(entry: {
  extensions: Record<string, unknown>;
  position?: "before_char" | "after_char" | undefined;
}): EntrySettings {
  const own = entry as unknown as Record<string, unknown>;
  const setting = (...names: string[]): unknown => {
    for (const name of names) if (entry.extensions[name] !== undefined) return entry.extensions[name];
    for (const name of names) if (name !== "position" && own[name] !== undefined) return own[name];
    return undefined;
  };
  const numbered = integerOf(setting("position"));
  const position =
    numbered !== undefined && numbered in POSITION_NAMES
      ? POSITION_NAMES[numbered as keyof typeof POSITION_NAMES]
      : entry.position === "before_char"
        ? "before_char"
        : "after_char";
  const role = setting("role");
  const roleNumber = integerOf(role);
  const roleName =
    typeof role === "string" && ["system", "user", "assistant"].includes(role.trim().toLowerCase())
      ? (role.trim().toLowerCase() as EntrySettings["role"])
      : roleNumber !== undefined && roleNumber in ROLE_NAMES
        ? ROLE_NAMES[roleNumber as keyof typeof ROLE_NAMES]
        : "system";
  const useProbability = booleanOf(setting("useProbability", "use_probability")) ?? true;
  const probability = integerOf(setting("probability"));
  const logic = integerOf(setting("selectiveLogic", "selective_logic"));
  const count = (name: string) => Math.max(0, integerOf(setting(name)) ?? 0);
  const scanDepth = integerOf(setting("scan_depth", "scanDepth"));
  return {
    position,
    depth: Math.max(0, integerOf(setting("depth")) ?? DEFAULT_ENTRY_DEPTH),
    role: roleName,
    probability: useProbability && probability !== undefined ? Math.min(100, Math.max(0, probability)) : 100,
    sticky: count("sticky"),
    cooldown: count("cooldown"),
    delay: count("delay"),
    selectiveLogic:
      logic !== undefined && logic in LOGIC_NAMES
        ? LOGIC_NAMES[logic as keyof typeof LOGIC_NAMES]
        : "and_any",
    scanDepth: scanDepth !== undefined && scanDepth >= 0 ? scanDepth : undefined,
  };
}
