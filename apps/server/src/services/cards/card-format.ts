import { type ZodError, z } from "zod";
import { BadRequestError } from "../../errors.ts";
import type { CardData, CharacterBook } from "./card-data.ts";
import {
  booleanOf,
  entryIdOf,
  extensionsOf,
  isPlainObject,
  keysOf,
  labelOf,
  numberOf,
  positionNumberOf,
  positionOf,
  tagsOf,
} from "./card-values.ts";
import { cardEntryFields, entryList } from "./world-info.ts";

/**
 * Tavern character cards as JSON (decision 23): V1 (flat, no `spec`), V2 (`chara_card_v2`) and V3
 * (`chara_card_v3`) read into CardData, and CardData written back as V3 (and as V2 for the PNG's
 * `chara` chunk). Every field is kept; strings are kept as written (only the name, which identifies
 * the character, is trimmed); a missing optional field takes the spec's default. Cards are read as
 * leniently as SillyTavern reads them (card-values.ts, world-info.ts): numbers, booleans, tags,
 * keys, positions and extensions in any shape editors write them, texts written as lists, objects,
 * numbers or booleans as their texts (textOf), and a card without a name under its file's name or
 * "Unnamed". What is refused is a file that is no card at all.
 */

export const CARD_SPECS = { v2: "chara_card_v2", v3: "chara_card_v3" } as const;

export interface CharacterCardV3 {
  spec: typeof CARD_SPECS.v3;
  spec_version: "3.0";
  data: Record<string, unknown>;
}

/** V2, with the V1 fields mirrored at the root for readers older than V2 (as SillyTavern writes it). */
export interface CharacterCardV2 extends MirroredFields {
  spec: typeof CARD_SPECS.v2;
  spec_version: "2.0";
  data: Record<string, unknown>;
}

/** The V1 fields V2 writers mirror at the card's root (MIRRORED_FIELDS). */
type MirroredFields = Pick<
  CardData,
  "name" | "description" | "personality" | "scenario" | "first_mes" | "mes_example"
>;

const SHOULD_BE_NAME = "should be the character's name";

const lenient = <T>(read: (value: unknown) => T) => z.unknown().optional().transform(read);

/**
 * A value written where text belongs, as its text: a number as written, a list or an object (some
 * generators write a personality as traits, a description by language) as its texts one per line,
 * depth first; `null` and booleans (which some editors write for empty fields) as nothing.
 * SillyTavern imports such cards; reading them as their texts keeps every word the model will see.
 */
function textOf(value: unknown, depth = 0): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value === null || typeof value !== "object" || depth > 8) return "";
  return (Array.isArray(value) ? value : Object.values(value))
    .map((item) => textOf(item, depth + 1))
    .filter((item) => item !== "")
    .join("\n");
}

/** A text field as editors write it (textOf); never refuses a card. */
const text = () => lenient((value) => textOf(value));
/**
 * A list of texts, items that are no text left out, an object's as its texts; one text alone is a
 * list of that text.
 */
const optionalTexts = () =>
  lenient((value): string[] | undefined => {
    if (value == null || typeof value === "boolean") return undefined;
    if (!Array.isArray(value)) {
      const alone = textOf(value);
      return alone.trim() ? [alone] : [];
    }
    return value.flatMap((item) => {
      if (typeof item === "string") return [item];
      const read = textOf(item);
      return read === "" ? [] : [read];
    });
  });
const texts = () => optionalTexts().transform((value) => value ?? []);

// the values below never refuse a card: what cannot be read is left out (card-values.ts)
const label = () => lenient(labelOf);
const optionalNumber = () => lenient(numberOf);
const optionalBoolean = () => lenient(booleanOf);
const extensions = () => lenient(extensionsOf);

/** The object without its undefined fields, so that reading a card twice gives the same object. */
function withoutUndefined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

const characterBookEntrySchema = z.preprocess(
  (entry) => (isPlainObject(entry) ? cardEntryFields(entry) : entry),
  z
    .looseObject({
      keys: lenient((value) => keysOf(value) ?? []),
      content: text(),
      extensions: extensions(),
      enabled: lenient((value) => booleanOf(value) ?? true),
      insertion_order: lenient((value) => numberOf(value) ?? 0),
      case_sensitive: optionalBoolean(),
      use_regex: lenient((value) => booleanOf(value) ?? false),
      constant: optionalBoolean(),
      name: label(),
      priority: optionalNumber(),
      id: lenient(entryIdOf),
      comment: label(),
      selective: optionalBoolean(),
      secondary_keys: lenient(keysOf),
      position: z.unknown().optional(),
    })
    .transform(({ position: written, ...entry }) => {
      // a world info position a card cannot say (by the author's note, at a depth) is kept where
      // SillyTavern reads it back from
      const numbered = positionNumberOf(written);
      const extensions =
        numbered !== undefined && entry.extensions.position === undefined
          ? { ...entry.extensions, position: numbered }
          : entry.extensions;
      return withoutUndefined({ ...entry, extensions, position: positionOf(written) });
    }),
);

const characterBookSchema = z
  .looseObject({
    name: label(),
    description: label(),
    scan_depth: optionalNumber(),
    token_budget: optionalNumber(),
    recursive_scanning: optionalBoolean(),
    extensions: extensions(),
    // a list, or world info's object keyed by id; items that are not entries are left out
    entries: lenient((value): unknown[] => entryList(value).filter(isPlainObject)).pipe(
      z.array(characterBookEntrySchema),
    ),
  })
  .transform(withoutUndefined);

/** A book as an object; a bare list of entries as a book of them; anything else as no book. */
function bookOf(value: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(value)) return { entries: value };
  return isPlainObject(value) ? value : undefined;
}

/** V3's assets, as they came: those that are objects with a uri. */
function assetsOf(value: unknown): Array<Record<string, unknown>> | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((asset) => isPlainObject(asset) && typeof asset.uri === "string");
}

/** V3's notes by language code, the texts among them. */
function textsByLanguageOf(value: unknown): Record<string, string> | undefined {
  if (!isPlainObject(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

const cardDataSchema = z.looseObject({
  name: lenient((value) => labelOf(value)?.trim() ?? "").pipe(z.string().min(1, SHOULD_BE_NAME)),
  description: text(),
  personality: text(),
  scenario: text(),
  first_mes: text(),
  mes_example: text(),
  creator_notes: text(),
  system_prompt: text(),
  post_history_instructions: text(),
  alternate_greetings: texts(),
  tags: lenient(tagsOf),
  creator: text(),
  character_version: text(),
  extensions: extensions(),
  character_book: lenient(bookOf).pipe(characterBookSchema.optional()),
  // V3's own fields, read here and kept in `v3`
  nickname: label(),
  creator_notes_multilingual: lenient(textsByLanguageOf),
  source: optionalTexts(),
  group_only_greetings: optionalTexts(),
  creation_date: optionalNumber(),
  modification_date: optionalNumber(),
  assets: lenient(assetsOf),
});

/** CardData's own fields; every other data field is kept in `v3`. */
const CARD_DATA_FIELDS = new Set<string>([
  "name",
  "description",
  "personality",
  "scenario",
  "first_mes",
  "mes_example",
  "creator_notes",
  "system_prompt",
  "post_history_instructions",
  "alternate_greetings",
  "tags",
  "creator",
  "character_version",
  "extensions",
  "character_book",
]);

function notACard(message = "This is not a character card."): BadRequestError {
  return new BadRequestError(message, "not_a_card");
}

function invalidCard(error: ZodError, pathPrefix: string): BadRequestError {
  const reasons = error.issues.slice(0, 3).map((issue) => {
    const path = [pathPrefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return `${path || "the card"} ${issue.message}`;
  });
  return new BadRequestError(`This card cannot be read: ${reasons.join("; ")}.`, "broken_card");
}

/** The data fields other than CardData's, without empty defaults (so a round trip adds nothing). */
function otherFieldsOf(data: Record<string, unknown>): Record<string, unknown> | undefined {
  const others = Object.entries(data).filter(([field, value]) => {
    if (CARD_DATA_FIELDS.has(field) || value === undefined || value === null) return false;
    return !(field === "group_only_greetings" && Array.isArray(value) && value.length === 0);
  });
  return others.length > 0 ? Object.fromEntries(others) : undefined;
}

/** The name a card without one is given, as SillyTavern gives one: its file's, or this. */
export const UNNAMED_CARD = "Unnamed";

function cardDataOf(data: Record<string, unknown>, pathPrefix: string, fallbackName?: string): CardData {
  const named = labelOf(data.name)?.trim() ? data : { ...data, name: fallbackName?.trim() || UNNAMED_CARD };
  const parsed = cardDataSchema.safeParse(named);
  if (!parsed.success) throw invalidCard(parsed.error, pathPrefix);
  const card = parsed.data;
  const v3 = otherFieldsOf(card);
  return {
    ...v2FieldsOf(card),
    ...(card.character_book ? { character_book: card.character_book } : {}),
    ...(v3 ? { v3 } : {}),
  };
}

/** V1's fields, the names Pygmalion-era cards gave them, and V2's written flat as V1's are. */
const V1_FIELDS: Record<string, readonly string[]> = {
  name: ["name", "char_name"],
  description: ["description", "char_persona"],
  personality: ["personality"],
  scenario: ["scenario", "world_scenario"],
  first_mes: ["first_mes", "char_greeting"],
  mes_example: ["mes_example", "example_dialogue"],
  // SillyTavern keeps these at the root of its V1-style exports
  creator_notes: ["creator_notes", "creatorcomment"],
  tags: ["tags"],
  creator: ["creator"],
  system_prompt: ["system_prompt"],
  post_history_instructions: ["post_history_instructions"],
  alternate_greetings: ["alternate_greetings"],
  character_version: ["character_version"],
  extensions: ["extensions"],
  character_book: ["character_book"],
};

/** the V1 fields V2 writers mirror at the root, which a V2 card's data may leave out */
const MIRRORED_FIELDS = ["name", "description", "personality", "scenario", "first_mes", "mes_example"];

function v1DataOf(card: Record<string, unknown>): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  for (const [field, names] of Object.entries(V1_FIELDS)) {
    const name = names.find((candidate) => card[candidate] !== undefined && card[candidate] !== null);
    if (name) data[field] = card[name];
  }
  return data.name === undefined && data.description === undefined && data.first_mes === undefined
    ? null
    : data;
}

/**
 * A V2 or V3 card's data, with the mirrored V1 fields it lacks taken from the root (and the name
 * when the data's is empty, as SillyTavern takes it).
 */
function specDataOf(card: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const lacks = (field: string) =>
    data[field] == null || (field === "name" && typeof data.name === "string" && !data.name.trim());
  const missing = MIRRORED_FIELDS.filter((field) => lacks(field) && typeof card[field] === "string");
  return missing.length === 0
    ? data
    : { ...data, ...Object.fromEntries(missing.map((field) => [field, card[field]])) };
}

/** chara_card_v2 and chara_card_v3, in any case, as some writers spell them */
function isCardSpec(spec: unknown): boolean {
  if (typeof spec !== "string") return false;
  const name = spec.trim().toLowerCase();
  return name === CARD_SPECS.v2 || name === CARD_SPECS.v3;
}

/**
 * Any V1, V2 or V3 card (parsed JSON) as CardData; a 400 (not_a_card, broken_card) otherwise. A
 * card without a name is named `fallbackName` (its file's name), or "Unnamed".
 */
export function parseCard(json: unknown, fallbackName?: string): CardData {
  if (!isPlainObject(json)) throw notACard("This is not a character card: it is not a JSON object.");
  const { spec, data } = json;
  if (isCardSpec(spec)) {
    if (isPlainObject(data)) return cardDataOf(specDataOf(json, data), "data", fallbackName);
    // a card that names its spec but, as V1 does, keeps its fields at the root (or whose data is no
    // object: SillyTavern reads the root then)
    const flat = v1DataOf(json);
    if (!flat) throw new BadRequestError("This card's data should be an object.", "broken_card");
    return cardDataOf(flat, "", fallbackName);
  }
  if (spec !== undefined && spec !== null) {
    const what = typeof spec === "string" ? `a "${spec.slice(0, 40)}" file` : "not a card";
    throw notACard(`This is ${what}: cards are chara_card_v2 or chara_card_v3.`);
  }
  // a V2 card whose writer left out `spec`
  if (isPlainObject(data) && data.name != null)
    return cardDataOf(specDataOf(json, data), "data", fallbackName);
  const v1 = v1DataOf(json);
  if (!v1) throw notACard("This is not a character card: it has no name, description or greeting.");
  return cardDataOf(v1, "", fallbackName);
}

function mirroredFieldsOf(card: MirroredFields): MirroredFields {
  return {
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.first_mes,
    mes_example: card.mes_example,
  };
}

/** CardData's fields a V2 card's data has too, in the order cards write them. */
function v2FieldsOf(card: Omit<CardData, "character_book" | "v3">) {
  return {
    ...mirroredFieldsOf(card),
    creator_notes: card.creator_notes,
    system_prompt: card.system_prompt,
    post_history_instructions: card.post_history_instructions,
    alternate_greetings: card.alternate_greetings,
    tags: card.tags,
    creator: card.creator,
    character_version: card.character_version,
    extensions: card.extensions,
  };
}

/** V3 requires `use_regex` on every entry. */
function v3BookOf(book: CharacterBook): CharacterBook {
  return {
    ...book,
    entries: book.entries.map((entry) => ({ ...entry, use_regex: entry.use_regex ?? false })),
  };
}

/**
 * The card as V3 JSON. `modifiedAt` sets `modification_date`, which the spec asks exporters to
 * update.
 */
export function toCardV3(card: CardData, options: { modifiedAt?: Date } = {}): CharacterCardV3 {
  return {
    spec: CARD_SPECS.v3,
    spec_version: "3.0",
    data: {
      ...card.v3,
      ...v2FieldsOf(card),
      ...(card.character_book ? { character_book: v3BookOf(card.character_book) } : {}),
      // required by V3, empty unless the card came with some
      group_only_greetings: card.v3?.group_only_greetings ?? [],
      ...(options.modifiedAt ? { modification_date: Math.floor(options.modifiedAt.getTime() / 1000) } : {}),
    },
  };
}

/** The card as V2 JSON (V3's own fields left out), for the PNG's `chara` chunk. */
export function toCardV2(card: CardData): CharacterCardV2 {
  return {
    spec: CARD_SPECS.v2,
    spec_version: "2.0",
    ...mirroredFieldsOf(card),
    data: {
      ...v2FieldsOf(card),
      ...(card.character_book ? { character_book: card.character_book } : {}),
    },
  };
}
