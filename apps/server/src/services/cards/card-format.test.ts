import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cardData, cardFixture, refusal } from "../../../test/helpers/cards.ts";
import type { CardData } from "./card-data.ts";
import { parseCard, toCardV2, toCardV3 } from "./card-format.ts";
import { readCardJsonFromPng, writeCardPng } from "./card-png.ts";

const fixtureJson = (name: string) => JSON.parse(cardFixture(name).toString("utf8"));
const fixtureCard = (name: string) =>
  parseCard(name.endsWith(".png") ? readCardJsonFromPng(cardFixture(name)) : fixtureJson(name));

describe("parseCard", () => {
  it("reads a V1 card (flat, no spec) with the spec's defaults for the rest", () => {
    const v1 = fixtureJson("v1.json");
    // v1.json has all six V1 fields: the rest are the spec's defaults
    expect(parseCard(v1)).toEqual(cardData(v1));
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

  it("reads a text written as a list or an object of texts as those texts, one per line", () => {
    const card = parseCard({
      spec: "chara_card_v2",
      data: { name: "X", personality: ["warm", "witty"], scenario: { place: "a bar", time: "night" } },
    });
    expect(card.personality).toBe("warm\nwitty");
    expect(card.scenario).toBe("a bar\nnight");
  });

  it("reads odd texts as SillyTavern imports them: nested lists and objects as their texts, booleans as nothing", () => {
    const card = parseCard({
      spec: "chara_card_v3",
      data: {
        name: "X",
        description: { en: { fact: "nested" }, also: ["two", { deep: "three" }] },
        personality: false,
        scenario: true,
        alternate_greetings: [{ text: "hi" }, "", null, false, 7],
        character_book: { entries: [{ keys: ["a"], content: [{ b: "c" }] }] },
      },
    });
    expect(card.description).toBe("nested\ntwo\nthree");
    expect(card.personality).toBe("");
    expect(card.scenario).toBe("");
    expect(card.alternate_greetings).toEqual(["hi", "", "7"]);
    expect(card.character_book?.entries[0]?.content).toBe("c");
  });

  it("names a card without a name after its file, or Unnamed, as SillyTavern does", () => {
    for (const name of ["   ", null, "", { first: "Ada" }, undefined]) {
      expect(parseCard({ spec: "chara_card_v2", data: { name, description: "A bard." } }).name).toBe(
        "Unnamed",
      );
      expect(parseCard({ spec: "chara_card_v2", data: { name, first_mes: "Hi." } }, "Ada Vale").name).toBe(
        "Ada Vale",
      );
    }
    expect(parseCard({ name: "", description: "A bard." }).name).toBe("Unnamed");
  });

  it("reads a card whose data is no object from its root, and refuses one with nothing to read", () => {
    expect(parseCard({ spec: "chara_card_v2", data: [], name: "Ada", description: "A bard." }).name).toBe(
      "Ada",
    );
    expect(refusal(() => parseCard({ spec: "chara_card_v2", data: [] })).code).toBe("broken_card");
    expect(refusal(() => parseCard({ spec: "chara_card_v3", data: "Ada" })).code).toBe("broken_card");
  });
});

/** A V2 card of these data fields, with a lorebook of these entries when there are any. */
function v2Card(data: Record<string, unknown>, entries?: unknown): Record<string, unknown> {
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: { name: "Wren", ...data, ...(entries !== undefined ? { character_book: { entries } } : {}) },
  };
}

const entryOf = (card: CardData, index = 0) => card.character_book?.entries[index];

describe("parseCard on real cards' loose values (as SillyTavern imports them)", () => {
  it("reads an entry's position as a number, a numeric text, a word, or leaves it to the default", () => {
    const positions: Array<[unknown, string | undefined]> = [
      [0, "before_char"],
      [1, "after_char"],
      ["0", "before_char"],
      [" 1 ", "after_char"],
      [4, "after_char"],
      ["", undefined],
      [null, undefined],
      ["before_char", "before_char"],
      ["after_char", "after_char"],
      ["Before_Char", "before_char"],
      ["before", "before_char"],
      ["after ", "after_char"],
      ["at_depth", undefined],
      [-1, undefined],
      [true, undefined],
    ];
    for (const [position, read] of positions) {
      const entry = entryOf(parseCard(v2Card({}, [{ keys: ["k"], content: "c", position }])));
      expect(entry?.position, JSON.stringify(position)).toBe(read);
      expect(entry, JSON.stringify(position)).toBeDefined();
      if (read === undefined) expect(entry).not.toHaveProperty("position");
    }
  });

  it("keeps a world info position a card cannot say in the entry's extensions, as SillyTavern does", () => {
    const card = parseCard(
      v2Card({}, [
        { content: "at depth", position: "4" },
        { content: "its own", position: 4, extensions: { position: 2 } },
        { content: "after", position: 1 },
      ]),
    );
    expect(entryOf(card, 0)).toMatchObject({ position: "after_char", extensions: { position: 4 } });
    expect(entryOf(card, 1)?.extensions).toEqual({ position: 2 });
    expect(entryOf(card, 2)?.extensions).toEqual({});
  });

  it("reads tags as texts, numbers, objects naming a tag, comma-separated texts or null", () => {
    const tags: Array<[unknown, string[]]> = [
      [
        ["romance", "fantasy"],
        ["romance", "fantasy"],
      ],
      [
        [{ name: "romance" }, { label: "Fantasy" }, { tag: "slow burn" }, { id: 3 }],
        ["romance", "Fantasy", "slow burn"],
      ],
      ["romance, fantasy ,, slow burn", ["romance", "fantasy", "slow burn"]],
      [
        [2024, "OC", null, "", "  ", ["nested"], true],
        ["2024", "OC"],
      ],
      [["Romance", "romance", " ROMANCE "], ["Romance"]],
      [
        ["a, b", { name: "c, d" }],
        ["a", "b", "c", "d"],
      ],
      [null, []],
      [{ name: "solo" }, ["solo"]],
      [42, ["42"]],
      [false, []],
    ];
    for (const [written, read] of tags) {
      expect(parseCard(v2Card({ tags: written })).tags, JSON.stringify(written)).toEqual(read);
    }
  });

  it("reads numbers written as texts, and leaves out those that are not numbers", () => {
    const card = parseCard({
      ...v2Card({}),
      data: {
        name: "Wren",
        character_book: {
          scan_depth: "3",
          token_budget: " 200 ",
          entries: [
            { content: "a", insertion_order: "10", priority: "5", depth: "4", extensions: { depth: "4" } },
            { content: "b", insertion_order: "", priority: "high" },
            { content: "c", insertion_order: null, priority: null },
          ],
        },
      },
    });
    expect(card.character_book).toMatchObject({ scan_depth: 3, token_budget: 200 });
    expect(entryOf(card, 0)).toMatchObject({
      insertion_order: 10,
      priority: 5,
      depth: "4",
      extensions: { depth: "4" },
    });
    expect(entryOf(card, 1)).toMatchObject({ insertion_order: 0 });
    expect(entryOf(card, 1)).not.toHaveProperty("priority");
    expect(entryOf(card, 2)).toMatchObject({ insertion_order: 0 });
  });

  it('reads booleans written as "true"/"false" texts (or 1/0), and leaves out words that are neither', () => {
    const card = parseCard(
      v2Card({}, [
        {
          content: "a",
          enabled: "false",
          constant: "true",
          selective: "TRUE",
          case_sensitive: 0,
          use_regex: "false",
        },
        { content: "b", enabled: "yes", constant: "1", selective: "off" },
        { content: "c", enabled: "sometimes", constant: "" },
      ]),
    );
    expect(entryOf(card, 0)).toMatchObject({
      enabled: false,
      constant: true,
      selective: true,
      case_sensitive: false,
      use_regex: false,
    });
    expect(entryOf(card, 1)).toMatchObject({ enabled: true, constant: true, selective: false });
    expect(entryOf(card, 2)).toMatchObject({ enabled: true });
    expect(entryOf(card, 2)).not.toHaveProperty("constant");
    const book = parseCard(v2Card({ character_book: { recursive_scanning: "true", entries: [] } }));
    expect(book.character_book?.recursive_scanning).toBe(true);
  });

  it("reads keys as a list or a comma-separated text, numbers as texts, leaving out empty ones", () => {
    const card = parseCard(
      v2Card({}, [
        { content: "a", keys: "harbor, fog ,, Old Town", secondary_keys: "captain" },
        { content: "b", keys: ["harbor", 1912, null, "", { key: "x" }], secondary_keys: [] },
        { content: "c", keys: null },
      ]),
    );
    expect(entryOf(card, 0)).toMatchObject({
      keys: ["harbor", "fog", "Old Town"],
      secondary_keys: ["captain"],
    });
    expect(entryOf(card, 1)).toMatchObject({ keys: ["harbor", "1912"], secondary_keys: [] });
    expect(entryOf(card, 2)).toMatchObject({ keys: [] });
  });

  it("takes extensions of any shape, keeping objects as they are and the rest as none", () => {
    for (const extensions of [[], "talkativeness", 5, null, true, [{ a: 1 }]]) {
      const card = parseCard(
        v2Card({ extensions, character_book: { extensions, entries: [{ content: "c", extensions }] } }),
      );
      expect(card.extensions, JSON.stringify(extensions)).toEqual({});
      expect(card.character_book?.extensions).toEqual({});
      expect(entryOf(card)?.extensions).toEqual({});
    }
    const kept = { talkativeness: "0.5", depth_prompt: { prompt: "p", depth: 4 }, list: [1] };
    expect(parseCard(v2Card({ extensions: kept })).extensions).toEqual(kept);
  });

  it("reads entries written as an object keyed by id, as SillyTavern's world info keeps them", () => {
    const card = parseCard(
      v2Card(
        {},
        {
          "0": { keys: ["harbor"], content: "The harbor.", insertion_order: 2 },
          "7": { id: 12, keys: ["fog"], content: "The fog." },
          lamp: { keys: ["lamp"], content: "The lamp." },
          broken: "not an entry",
        },
      ),
    );
    expect(card.character_book?.entries).toEqual([
      expect.objectContaining({ id: 0, keys: ["harbor"], content: "The harbor.", insertion_order: 2 }),
      expect.objectContaining({ id: 12, keys: ["fog"], content: "The fog." }),
      expect.objectContaining({ id: "lamp", keys: ["lamp"], content: "The lamp." }),
    ]);
  });

  it("reads entries under world info's own field names", () => {
    const card = parseCard(
      v2Card(
        {},
        {
          "3": {
            uid: 3,
            key: ["lighthouse"],
            keysecondary: ["keeper"],
            content: "The light is out.",
            order: 100,
            disable: "false",
            caseSensitive: null,
            position: 0,
            depth: 4,
            probability: 100,
            selective: true,
            constant: false,
          },
          "4": { uid: 4, key: "ferry, dock", content: "The ferry.", disable: true, position: 4 },
        },
      ),
    );
    const [first, second] = card.character_book?.entries ?? [];
    expect(first).toMatchObject({
      id: 3,
      keys: ["lighthouse"],
      secondary_keys: ["keeper"],
      insertion_order: 100,
      enabled: true,
      position: "before_char",
      selective: true,
      constant: false,
      depth: 4,
      probability: 100,
    });
    expect(first).not.toHaveProperty("key");
    expect(first).not.toHaveProperty("disable");
    expect(second).toMatchObject({
      id: 4,
      keys: ["ferry", "dock"],
      enabled: false,
      position: "after_char",
      extensions: { position: 4 },
    });
    // the entries' own fields win over world info's names
    const both = parseCard(
      v2Card({}, [{ keys: ["a"], key: ["b"], enabled: true, disable: true, content: "c" }]),
    );
    expect(entryOf(both)).toMatchObject({ keys: ["a"], key: ["b"], enabled: true, disable: true });
  });

  it("takes null and missing optional fields anywhere as absent", () => {
    const card = parseCard(
      v2Card(
        {
          personality: null,
          alternate_greetings: [null, "Evening."],
          creator_notes: undefined,
          nickname: null,
          source: null,
          assets: null,
        },
        [
          {
            keys: null,
            content: null,
            extensions: null,
            enabled: null,
            insertion_order: null,
            case_sensitive: null,
            name: null,
            priority: null,
            id: null,
            comment: null,
            selective: null,
            secondary_keys: null,
            position: null,
            constant: null,
            use_regex: null,
          },
          null,
        ],
      ),
    );
    expect(card).toMatchObject({ personality: "", alternate_greetings: ["Evening."], creator_notes: "" });
    expect(card.v3).toBeUndefined();
    expect(card.character_book?.entries).toStrictEqual([
      { keys: [], content: "", extensions: {}, enabled: true, insertion_order: 0, use_regex: false },
    ]);
    expect(parseCard(v2Card({ character_book: null })).character_book).toBeUndefined();
    expect(parseCard(v2Card({ character_book: "Harbor lore" })).character_book).toBeUndefined();
  });

  it("reads numbers where texts go as their text (character_version: 1.2)", () => {
    const card = parseCard(v2Card({ character_version: 1.2, creator: 7, alternate_greetings: "Hello." }));
    expect(card).toMatchObject({ character_version: "1.2", creator: "7", alternate_greetings: ["Hello."] });
  });

  it("reads flat V1 cards with V2's fields beside V1's, and V2 cards whose data lacks what the root has", () => {
    const flat = parseCard({
      name: "Wren",
      description: "A sailor.",
      creator_notes: "notes",
      creator: "someone",
      tags: "sea, ships",
      talkativeness: "0.5",
      alternate_greetings: ["Ahoy."],
      character_book: { entries: [{ keys: "sea", content: "The sea.", position: "" }] },
    });
    expect(flat).toMatchObject({
      name: "Wren",
      description: "A sailor.",
      creator_notes: "notes",
      creator: "someone",
      tags: ["sea", "ships"],
      alternate_greetings: ["Ahoy."],
      character_book: { entries: [{ keys: ["sea"], content: "The sea." }] },
    });
    const rootOnly = parseCard({
      spec: "chara_card_v2",
      name: "Wren",
      description: "A sailor.",
      first_mes: "Ahoy.",
      personality: "Calm.",
      data: { name: "", personality: "", tags: ["sea"] },
    });
    // the data's own texts win, even empty; only the name falls back when empty
    expect(rootOnly).toMatchObject({
      name: "Wren",
      description: "A sailor.",
      first_mes: "Ahoy.",
      personality: "",
      tags: ["sea"],
    });
    const noData = parseCard({ spec: "chara_card_v2", name: "Wren", first_mes: "Ahoy." });
    expect(noData).toMatchObject({ name: "Wren", first_mes: "Ahoy." });
    expect(parseCard({ spec: "Chara_Card_V3", data: { name: "Wren" } }).name).toBe("Wren");
  });

  it("reads every loose value of a messy card in one go, and reads it back the same", () => {
    const messy = {
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: {
        name: "Wren",
        description: "A sailor.",
        tags: [{ name: "sea" }, "ships, storms", 7],
        character_version: 2,
        extensions: [],
        creation_date: "1700000000",
        character_book: {
          scan_depth: "2",
          entries: {
            "0": { key: "sea", content: "The sea.", position: "", order: "3", disable: "false" },
            "1": {
              keys: ["storm"],
              content: "The storm.",
              position: "0",
              enabled: "true",
              insertion_order: "1",
            },
          },
        },
      },
    };
    const card = parseCard(messy);
    expect(card).toMatchObject({
      tags: ["sea", "ships", "storms", "7"],
      character_version: "2",
      extensions: {},
      v3: { creation_date: 1_700_000_000 },
    });
    expect(card.character_book?.entries).toMatchObject([
      { id: 0, keys: ["sea"], insertion_order: 3, enabled: true },
      { id: 1, keys: ["storm"], insertion_order: 1, enabled: true, position: "before_char" },
    ]);
    expect(parseCard(JSON.parse(JSON.stringify(toCardV3(card))))).toStrictEqual(card);
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
