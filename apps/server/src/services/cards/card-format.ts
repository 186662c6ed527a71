import { type ZodError, z } from "zod";
import { BadRequestError } from "../../errors.ts";
import type { CardData, CharacterBook } from "./card-data.ts";

/**
 * Tavern character cards as JSON (issue 11): V1 (flat, no `spec`), V2 (`chara_card_v2`) and V3
 * (`chara_card_v3`) read into CardData, and CardData written back as V3 (and as V2 for the PNG's
 * `chara` chunk). Every field is kept; strings are kept as written (only the name, which identifies
 * the character, is trimmed); a missing optional field takes the spec's default; a field of the
 * wrong type refuses the card with its path named.
 */

export const CARD_SPECS = { v2: "chara_card_v2", v3: "chara_card_v3" } as const;

export interface CharacterCardV3 {
  spec: typeof CARD_SPECS.v3;
  spec_version: "3.0";
  data: Record<string, unknown>;
}

/** V2, with the V1 fields mirrored at the root for readers older than V2 (as SillyTavern writes it). */
export interface CharacterCardV2 {
  spec: typeof CARD_SPECS.v2;
  spec_version: "2.0";
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  data: Record<string, unknown>;
}

const SHOULD_BE_TEXT = "should be text";
const SHOULD_BE_TEXTS = "should be a list of texts";
const SHOULD_BE_NUMBER = "should be a number";
const SHOULD_BE_BOOLEAN = "should be true or false";
const SHOULD_BE_OBJECT = "should be an object";

// `null` is read as absent: several editors write it for empty optional fields
const text = () =>
  z
    .string({ error: SHOULD_BE_TEXT })
    .nullish()
    .transform((value) => value ?? "");
const optionalText = () =>
  z
    .string({ error: SHOULD_BE_TEXT })
    .nullish()
    .transform((value) => value ?? undefined);
const texts = () =>
  z
    .array(z.string({ error: SHOULD_BE_TEXT }), { error: SHOULD_BE_TEXTS })
    .nullish()
    .transform((value) => value ?? []);
const optionalNumber = () =>
  z
    .number({ error: SHOULD_BE_NUMBER })
    .nullish()
    .transform((value) => value ?? undefined);
const optionalBoolean = () =>
  z
    .boolean({ error: SHOULD_BE_BOOLEAN })
    .nullish()
    .transform((value) => value ?? undefined);
const extensions = () =>
  z
    .record(z.string(), z.unknown(), { error: SHOULD_BE_OBJECT })
    .nullish()
    .transform((value) => value ?? {});
/** lorebook keys: a list, or (as some editors write them) one text of comma-separated keys */
const keys = () =>
  z
    .union(
      [
        z.array(z.string()),
        z.string().transform((list) =>
          list
            .split(",")
            .map((key) => key.trim())
            .filter(Boolean),
        ),
      ],
      { error: SHOULD_BE_TEXTS },
    )
    .nullish();

const characterBookEntrySchema = z.looseObject({
  keys: keys().transform((value) => value ?? []),
  content: text(),
  extensions: extensions(),
  enabled: optionalBoolean().transform((value) => value ?? true),
  insertion_order: optionalNumber().transform((value) => value ?? 0),
  case_sensitive: optionalBoolean(),
  use_regex: optionalBoolean().transform((value) => value ?? false),
  constant: optionalBoolean(),
  name: optionalText(),
  priority: optionalNumber(),
  id: z
    .union([z.number(), z.string()], { error: "should be a number or text" })
    .nullish()
    .transform((value) => value ?? undefined),
  comment: optionalText(),
  selective: optionalBoolean(),
  secondary_keys: keys().transform((value) => value ?? undefined),
  position: z
    .enum(["before_char", "after_char"], { error: "should be before_char or after_char" })
    .nullish()
    .transform((value) => value ?? undefined),
});

const characterBookSchema = z.looseObject({
  name: optionalText(),
  description: optionalText(),
  scan_depth: optionalNumber(),
  token_budget: optionalNumber(),
  recursive_scanning: optionalBoolean(),
  extensions: extensions(),
  entries: z
    .array(characterBookEntrySchema, { error: "should be a list of entries" })
    .nullish()
    .transform((value) => value ?? []),
});

const cardDataSchema = z.looseObject({
  name: z.string({ error: "should be the character's name" }).trim().min(1, "should be the character's name"),
  description: text(),
  personality: text(),
  scenario: text(),
  first_mes: text(),
  mes_example: text(),
  creator_notes: text(),
  system_prompt: text(),
  post_history_instructions: text(),
  alternate_greetings: texts(),
  tags: texts(),
  creator: text(),
  character_version: text(),
  extensions: extensions(),
  character_book: characterBookSchema.nullish().transform((value) => value ?? undefined),
  // V3's own fields, checked here and kept in `v3`
  nickname: optionalText(),
  creator_notes_multilingual: z
    .record(z.string(), z.string(), { error: "should be texts by language code" })
    .nullish(),
  source: z.array(z.string(), { error: SHOULD_BE_TEXTS }).nullish(),
  group_only_greetings: z.array(z.string(), { error: SHOULD_BE_TEXTS }).nullish(),
  creation_date: optionalNumber(),
  modification_date: optionalNumber(),
  assets: z
    .array(
      z.looseObject({
        type: z.string({ error: SHOULD_BE_TEXT }),
        uri: z.string({ error: SHOULD_BE_TEXT }),
        name: z.string({ error: SHOULD_BE_TEXT }),
        ext: z.string({ error: SHOULD_BE_TEXT }),
      }),
      { error: "should be a list of assets" },
    )
    .nullish(),
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

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

function cardDataOf(data: Record<string, unknown>, pathPrefix: string): CardData {
  const parsed = cardDataSchema.safeParse(data);
  if (!parsed.success) throw invalidCard(parsed.error, pathPrefix);
  const card = parsed.data;
  const v3 = otherFieldsOf(card);
  return {
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.first_mes,
    mes_example: card.mes_example,
    creator_notes: card.creator_notes,
    system_prompt: card.system_prompt,
    post_history_instructions: card.post_history_instructions,
    alternate_greetings: card.alternate_greetings,
    tags: card.tags,
    creator: card.creator,
    character_version: card.character_version,
    extensions: card.extensions,
    ...(card.character_book ? { character_book: card.character_book } : {}),
    ...(v3 ? { v3 } : {}),
  };
}

/** V1's fields, and the names Pygmalion-era cards gave them. */
const V1_FIELDS: Record<string, readonly string[]> = {
  name: ["name", "char_name"],
  description: ["description", "char_persona"],
  personality: ["personality"],
  scenario: ["scenario", "world_scenario"],
  first_mes: ["first_mes", "char_greeting"],
  mes_example: ["mes_example", "example_dialogue"],
  // SillyTavern keeps these at the root of its V1-style exports
  creator_notes: ["creatorcomment"],
  tags: ["tags"],
};

function v1DataOf(card: Record<string, unknown>): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  for (const [field, names] of Object.entries(V1_FIELDS)) {
    const name = names.find((candidate) => card[candidate] !== undefined);
    if (name) data[field] = card[name];
  }
  return data.name === undefined && data.description === undefined && data.first_mes === undefined
    ? null
    : data;
}

/** Any V1, V2 or V3 card (parsed JSON) as CardData; a 400 (not_a_card, broken_card) otherwise. */
export function parseCard(json: unknown): CardData {
  if (!isPlainObject(json)) throw notACard("This is not a character card: it is not a JSON object.");
  const { spec, data } = json;
  if (spec === CARD_SPECS.v3 || spec === CARD_SPECS.v2) {
    if (!isPlainObject(data))
      throw new BadRequestError(`This card's data ${SHOULD_BE_OBJECT}.`, "broken_card");
    return cardDataOf(data, "data");
  }
  if (spec !== undefined) {
    const what = typeof spec === "string" ? `a "${spec.slice(0, 40)}" file` : "not a card";
    throw notACard(`This is ${what}: cards are chara_card_v2 or chara_card_v3.`);
  }
  // a V2 card whose writer left out `spec`
  if (isPlainObject(data) && data.name !== undefined) return cardDataOf(data, "data");
  const v1 = v1DataOf(json);
  if (!v1) throw notACard("This is not a character card: it has no name, description or greeting.");
  return cardDataOf(v1, "");
}

function v2FieldsOf(card: CardData) {
  return {
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.first_mes,
    mes_example: card.mes_example,
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
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.first_mes,
    mes_example: card.mes_example,
    data: {
      ...v2FieldsOf(card),
      ...(card.character_book ? { character_book: card.character_book } : {}),
    },
  };
}
