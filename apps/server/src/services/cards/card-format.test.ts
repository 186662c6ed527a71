import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import type { CardData } from "./card-data.ts";
import { parseCard, toCardV2, toCardV3 } from "./card-format.ts";
import { readCardJsonFromPng, writeCardPng } from "./card-png.ts";

const fixturePath = (name: string) => new URL(`../../../test/fixtures/cards/${name}`, import.meta.url);
const fixtureJson = (name: string) => JSON.parse(readFileSync(fixturePath(name), "utf8"));
const fixtureCard = (name: string) =>
  parseCard(name.endsWith(".png") ? readCardJsonFromPng(readFileSync(fixturePath(name))) : fixtureJson(name));

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError)
      return { status: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("parseCard", () => {
  it("reads a V1 card (flat, no spec) with the spec's defaults for the rest", () => {
    const v1 = fixtureJson("v1.json");
    expect(parseCard(v1)).toEqual({
      ...v1,
      creator_notes: "",
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: [],
      tags: [],
      creator: "",
      character_version: "",
      extensions: {},
    });
  });

  it("reads V1 cards under their Pygmalion-era names", () => {
    const card = parseCard({
      char_name: "Old Timer",
      char_persona: "persona",
      world_scenario: "scenario",
      char_greeting: "hello",
      example_dialogue: "example",
    });
    expect(card).toMatchObject({
      name: "Old Timer",
      description: "persona",
      scenario: "scenario",
      first_mes: "hello",
      mes_example: "example",
    });
  });

  it("reads every field of a V2 card", () => {
    const v2 = fixtureJson("v2.json");
    const card = parseCard(v2);
    expect(card).toEqual(v2.data);
    expect(card.v3).toBeUndefined();
  });

  it("reads a V2 card's lorebook with every entry field", () => {
    const card = fixtureCard("v2-lorebook.png");
    expect(card.name).toBe("Ines Marlowe");
    expect(card.character_book?.entries).toHaveLength(4);
    expect(card.character_book).toMatchObject({ name: "Harbor lore", scan_depth: 4, token_budget: 300 });
    expect(card.character_book?.entries[0]).toMatchObject({
      keys: ["lighthouse", "the light"],
      extensions: { depth: 4 },
      priority: 5,
      id: 1,
      comment: "main hook",
      position: "before_char",
      use_regex: false,
    });
    expect(card.character_book?.entries[1]).toMatchObject({
      selective: true,
      secondary_keys: ["captain", "favor"],
    });
    expect(card.extensions).toEqual({ "reverie/fixture": true });
  });

  it("keeps V3's own and unknown data fields in v3, and unknown lorebook fields on their entries", () => {
    const card = parseCard({
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: {
        ...fixtureJson("v2.json").data,
        nickname: "Dee",
        group_only_greetings: ["Hello, all"],
        x_future_field: [1, 2],
        character_book: {
          extensions: {},
          entries: [
            { keys: ["a"], content: "b", extensions: {}, enabled: true, insertion_order: 0, x_depth: 3 },
          ],
          x_book_field: "kept",
        },
      },
    });
    expect(card.v3).toEqual({
      nickname: "Dee",
      group_only_greetings: ["Hello, all"],
      x_future_field: [1, 2],
    });
    expect(card.character_book).toMatchObject({ x_book_field: "kept", entries: [{ x_depth: 3 }] });
  });

  it("takes missing and null optional fields as the spec's defaults", () => {
    const card = parseCard({
      spec: "chara_card_v2",
      data: {
        name: "  Nora  ",
        description: null,
        tags: null,
        extensions: null,
        character_book: { entries: [{ keys: "harbor, fog ,", content: "lore", secondary_keys: null }] },
      },
    });
    expect(card).toMatchObject({ name: "Nora", description: "", tags: [], extensions: {} });
    expect(card.character_book).toMatchObject({
      extensions: {},
      entries: [
        { keys: ["harbor", "fog"], content: "lore", enabled: true, insertion_order: 0, extensions: {} },
      ],
    });
  });

  it("keeps every text as written but the name, which it trims", () => {
    const card = parseCard({
      spec: "chara_card_v2",
      data: { name: " Ada ", description: "  indented\n", mes_example: "\n<START>\n" },
    });
    expect(card).toMatchObject({ name: "Ada", description: "  indented\n", mes_example: "\n<START>\n" });
  });

  it("refuses what is not a card, naming what it is", () => {
    for (const json of [null, [1, 2], "text", 42, {}, { hello: "world" }]) {
      expect(
        refusal(() => parseCard(json)),
        JSON.stringify(json),
      ).toMatchObject({ status: 400, code: "not_a_card" });
    }
    expect(refusal(() => parseCard({ spec: "lorebook_v3", data: {} })).message).toContain('"lorebook_v3"');
  });

  it("refuses a card whose fields have the wrong types, naming them", () => {
    const wrongDescription = refusal(() =>
      parseCard({ spec: "chara_card_v2", data: { name: "X", description: 5 } }),
    );
    expect(wrongDescription).toMatchObject({
      code: "broken_card",
      message: "This card cannot be read: data.description should be text.",
    });
    const wrongEntry = refusal(() =>
      parseCard({
        spec: "chara_card_v3",
        data: { name: "X", character_book: { entries: [{ keys: ["a"], content: "b", enabled: "yes" }] } },
      }),
    );
    expect(wrongEntry.message).toContain("data.character_book.entries.0.enabled should be true or false");
    expect(refusal(() => parseCard({ spec: "chara_card_v2", data: { name: "   " } })).message).toContain(
      "data.name should be the character's name",
    );
    expect(refusal(() => parseCard({ spec: "chara_card_v2", data: [] })).code).toBe("broken_card");
    expect(
      refusal(() => parseCard({ spec: "chara_card_v3", data: { name: "X", extensions: [] } })).message,
    ).toContain("data.extensions should be an object");
  });
});

describe("toCardV3 and toCardV2", () => {
  it("writes V3 with every field, V3's own ones, use_regex on entries and the export date", () => {
    const card = fixtureCard("v2-lorebook.png");
    const v3 = toCardV3(card, { modifiedAt: new Date("2025-01-02T03:04:05Z") });
    expect(v3.spec).toBe("chara_card_v3");
    expect(v3.spec_version).toBe("3.0");
    expect(v3.data).toMatchObject({
      name: card.name,
      group_only_greetings: [],
      modification_date: 1_735_787_045,
      extensions: card.extensions,
    });
    const book = v3.data.character_book as { entries: Array<{ use_regex: boolean }> };
    expect(book.entries.every((entry) => entry.use_regex === false)).toBe(true);
  });

  it("writes V2 with the V1 fields mirrored at the root and no V3 fields", () => {
    const card = fixtureCard("v3-both-chunks.png");
    const v2 = toCardV2(card);
    expect(v2).toMatchObject({
      spec: "chara_card_v2",
      spec_version: "2.0",
      name: card.name,
      first_mes: card.first_mes,
      data: { name: card.name, alternate_greetings: card.alternate_greetings },
    });
    expect(v2.data).not.toHaveProperty("nickname");
    expect(v2.data).not.toHaveProperty("group_only_greetings");
    expect(parseCard(v2)).toEqual({ ...card, v3: undefined });
  });
});

describe("a card's round trip", () => {
  const portrait = sharp({ create: { width: 8, height: 8, channels: 3, background: "#aa3355" } })
    .png()
    .toBuffer();

  async function throughPng(card: CardData): Promise<CardData> {
    const png = writeCardPng(await portrait, { v3: toCardV3(card), v2: toCardV2(card) });
    return parseCard(readCardJsonFromPng(png));
  }

  it.each(["v1.json", "v2.json", "v2-lorebook.png", "v3-both-chunks.png"])(
    "keeps every field of %s",
    async (name) => {
      const card = fixtureCard(name);
      expect(await throughPng(card)).toStrictEqual(card);
      expect(parseCard(JSON.parse(JSON.stringify(toCardV3(card))))).toStrictEqual(card);
    },
  );

  it("keeps V3's fields and the card's extensions through PNG", async () => {
    const card = fixtureCard("v3-both-chunks.png");
    expect(card.name).toBe("Selene Ardent");
    expect(card.v3).toMatchObject({
      nickname: "Sel",
      group_only_greetings: ["Selene waves the group over to the telescope."],
      creator_notes_multilingual: { fr: "Carte V3 avec les deux blocs." },
      source: ["https://example.com/cards/selene"],
      creation_date: 1_700_000_000,
      assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
      x_future_field: { kept: true },
    });
    expect((await throughPng(card)).v3).toEqual(card.v3);
  });
});
