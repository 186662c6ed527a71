import { deflateSync } from "node:zlib";
import { customModelCreatedSchema, customModelSchema } from "@reverie/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardData } from "../../src/services/cards/card-data.ts";
import { readCardUpload } from "../../src/services/cards/card-import.ts";
import { type PngChunk, readCardJsonFromPng, readPngChunks } from "../../src/services/cards/card-png.ts";
import { tokensOf as accountTokens, grantTokens, signUp } from "../helpers/accounts.ts";
import { cardFixture, plainPng as plainPngOf, withChunksBeforeEnd } from "../helpers/cards.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const FIXTURES = [
  { file: "v1.json", type: "application/json", name: "Mara Quill" },
  { file: "v2.json", type: "application/json", name: "Dorian Vale" },
  { file: "v2-lorebook.png", type: "image/png", name: "Ines Marlowe" },
  { file: "v3-both-chunks.png", type: "image/png", name: "Selene Ardent" },
] as const;

const plainPng = await plainPngOf(16, "#224466");

/** The plain PNG with these chunks before IEND. */
const pngWith = (...extra: PngChunk[]) => withChunksBeforeEnd(plainPng, ...extra);
const textChunk = (type: "tEXt" | "zTXt", keyword: string, data: Buffer): PngChunk => ({
  type,
  data: Buffer.concat([
    Buffer.from(`${keyword}\0`, "latin1"),
    type === "zTXt" ? Buffer.from([0]) : Buffer.alloc(0),
    data,
  ]),
});

/** Every kind of file that is not a card we can read, with the answer it gets. */
const BAD_FILES: Array<{ kind: string; body: Buffer; type: string; status: number; code: string }> = [
  { kind: "not a PNG", body: Buffer.from("GIF89a..."), type: "image/png", status: 400, code: "not_a_card" },
  { kind: "a PNG without a card", body: plainPng, type: "image/png", status: 400, code: "no_card_chunk" },
  {
    kind: "broken base64",
    body: pngWith(textChunk("tEXt", "chara", Buffer.from("eyJuYW1lIjo*&^%"))),
    type: "image/png",
    status: 400,
    code: "broken_card",
  },
  {
    kind: "broken JSON in the chunk",
    body: pngWith(
      textChunk("tEXt", "ccv3", Buffer.from(Buffer.from('{"spec":"chara_card_v3","da').toString("base64"))),
    ),
    type: "image/png",
    status: 400,
    code: "broken_card",
  },
  {
    kind: "a decompression bomb",
    body: pngWith(textChunk("zTXt", "chara", deflateSync(Buffer.alloc(64 * 1024 * 1024, "e")))),
    type: "image/png",
    status: 400,
    code: "broken_card",
  },
  {
    kind: "too many chunks",
    body: pngWith(...Array.from({ length: 5000 }, () => textChunk("tEXt", "x", Buffer.from("y")))),
    type: "image/png",
    status: 400,
    code: "broken_card",
  },
  {
    kind: "broken JSON file",
    body: Buffer.from('{"name": "Ada",'),
    type: "application/json",
    status: 400,
    code: "not_a_card",
  },
  {
    kind: "JSON that is not a card",
    body: Buffer.from('{"recipe":"soup"}'),
    type: "application/json",
    status: 400,
    code: "not_a_card",
  },
  {
    kind: "a JPEG",
    body: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    type: "image/jpeg",
    status: 415,
    code: "unsupported_type",
  },
  {
    kind: "plain text",
    body: Buffer.from("name: Ada"),
    type: "text/plain",
    status: 415,
    code: "unsupported_type",
  },
];

async function averageColor(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((channel) => channel.mean);
}

/** Whether two pictures have the same average color, within what re-encoding shifts (a few levels). */
async function sameColor(a: Buffer, b: Buffer): Promise<boolean> {
  const [colorA, colorB] = await Promise.all([averageColor(a), averageColor(b)]);
  return colorA.every((level, index) => Math.abs(level - (colorB[index] ?? -100)) <= 6);
}

describe("character cards (POST /api/custom/cards, GET /api/custom/models/:id/card.png|json)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A signed-up user with tokens enough for a few characters. */
  async function user(tokens = 1000) {
    const account = await signUp(t, { prefix: "collector", firstName: "Cy" });
    const { token } = account;
    await grantTokens(t, account.id, tokens);
    const authorization = `Bearer ${token}`;
    const upload = async (body: Buffer, contentType: string, query = "age=25&gender=female") => {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/custom/cards?${query}`,
        headers: { authorization, "content-type": contentType },
        payload: body,
      });
      return { status: response.statusCode, body: response.json() };
    };
    const get = async (url: string) => {
      const response = await t.app.inject({ method: "GET", url, headers: { authorization } });
      return { status: response.statusCode, headers: response.headers, raw: response.rawPayload };
    };
    return { id: account.id, authorization, upload, get };
  }

  async function charactersOf(userId: string) {
    return t.database.db
      .selectFrom("characters")
      .select(["id", "name", "age", "gender", "source", "definition", "portrait_status"])
      .where("owner_id", "=", userId)
      .orderBy("id")
      .execute();
  }

  const tokensOf = (userId: string) => accountTokens(t, userId);

  async function definitionOf(modelId: number): Promise<CardData> {
    const row = await t.database.db
      .selectFrom("characters")
      .select("definition")
      .where("id", "=", modelId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.definition ?? "null") as CardData;
  }

  it("imports V1, V2 and V3 cards, as PNG and JSON, keeping every field, the PNG as the portrait", async () => {
    const collector = await user();
    for (const { file, type, name } of FIXTURES) {
      const { status, body } = await collector.upload(cardFixture(file), type);
      expect(status, `${file}: ${JSON.stringify(body)}`).toBe(201);
      const { model_id } = customModelCreatedSchema.parse(body);
      expect(await definitionOf(model_id), file).toStrictEqual(
        JSON.parse(JSON.stringify(readCardUpload(cardFixture(file), type).data)),
      );
      if (type === "image/png") {
        const [row] = (await charactersOf(collector.id)).filter((character) => character.id === model_id);
        expect(row?.portrait_status, `${file}: the card's picture is the portrait at once`).toBe("ready");
      }
      const model = await collector.get(`/api/custom/models/${model_id}`);
      expect(model.status, file).toBe(200);
      expect(customModelSchema.parse(JSON.parse(model.raw.toString()))).toMatchObject({
        id: model_id,
        name,
        age: 25,
        gender: "female",
        source: "card",
      });
    }
    const rows = await charactersOf(collector.id);
    expect(rows.map((row) => row.name)).toEqual(FIXTURES.map((card) => card.name));

    const ines = customModelSchema.parse(
      JSON.parse((await collector.get(`/api/custom/models/${rows[2]?.id}`)).raw.toString()),
    );
    expect(ines.lorebook_entries).toBe(4);
    // a PNG card's own picture is the portrait (a JSON card's is drawn by a job)
    for (const [index, file] of [
      [2, "v2-lorebook.png"],
      [3, "v3-both-chunks.png"],
    ] as const) {
      const exported = await collector.get(`/api/custom/models/${rows[index]?.id}/card.png`);
      expect(exported.status).toBe(200);
      expect(await sameColor(exported.raw, cardFixture(file)), file).toBe(true);
    }
  });

  it("imports the loose cards SillyTavern imports: positions, tags, numbers and booleans as editors write them", async () => {
    const collector = await user();
    const messy = {
      spec: "chara_card_v2",
      data: {
        name: "Wren Calder",
        description: "Wren, 29, sails cargo between the islands.",
        first_mes: "Ahoy.",
        tags: [{ name: "sea" }, "ships, storms", 7, null],
        character_version: 2,
        extensions: [],
        character_book: {
          scan_depth: "3",
          entries: {
            "0": {
              uid: 0,
              key: "harbor",
              content: "The harbor.",
              position: "",
              order: "2",
              disable: "false",
            },
            "1": {
              keys: ["storm"],
              content: "The storm.",
              position: "0",
              enabled: "true",
              insertion_order: "1",
            },
            "2": { keys: "fog, mist", content: "The fog.", position: 4, constant: "false", priority: "5" },
          },
        },
      },
    };
    const { status, body } = await collector.upload(Buffer.from(JSON.stringify(messy)), "application/json");
    expect(status, JSON.stringify(body)).toBe(201);
    const definition = await definitionOf(customModelCreatedSchema.parse(body).model_id);
    expect(definition).toMatchObject({ tags: ["sea", "ships", "storms", "7"], character_version: "2" });
    expect(definition.character_book?.entries.map((entry) => entry.position)).toEqual([
      undefined,
      "before_char",
      "after_char",
    ]);
  });

  it("imports what SillyTavern imports: a nameless card under its file's name or Unnamed, texts written as objects", async () => {
    const collector = await user();
    const nameless = {
      spec: "chara_card_v2",
      data: { name: "", description: "A 31-year-old lighthouse keeper." },
    };
    const bytes = Buffer.from(JSON.stringify(nameless));
    const unnamed = await collector.upload(bytes, "application/json");
    expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(201);
    const named = await t.app.inject({
      method: "POST",
      url: "/api/custom/cards?age=31&gender=female",
      headers: {
        authorization: collector.authorization,
        "content-type": "application/json",
        "content-disposition": 'attachment; filename="Maren Holt.json"',
      },
      payload: bytes,
    });
    expect(named.statusCode, named.body).toBe(201);
    const odd = {
      spec: "chara_card_v2",
      data: {
        name: "Ada",
        description: { en: { nested: "A 40-year-old cartographer." } },
        personality: false,
        alternate_greetings: [{ text: "Hello." }],
      },
    };
    const oddUpload = await collector.upload(Buffer.from(JSON.stringify(odd)), "application/json");
    expect(oddUpload.status, JSON.stringify(oddUpload.body)).toBe(201);
    const names = (await charactersOf(collector.id)).map((row) => row.name);
    expect(names).toEqual(["Unnamed", "Maren Holt", "Ada"]);
    const definition = await definitionOf(customModelCreatedSchema.parse(oddUpload.body).model_id);
    expect(definition).toMatchObject({
      description: "A 40-year-old cartographer.",
      personality: "",
      alternate_greetings: ["Hello."],
    });
  });

  it("refuses a card that hides a minor's age in macros and HTML entities, and charges nothing", async () => {
    const careful = await user();
    const before = await tokensOf(careful.id);
    for (const description of [
      "{{char}} is twel{{original}}ve years old.",
      "{{char}} is twel{{// a comment}}ve years old.",
      "{{char}} is &#49;&#50; years old.",
      "{{char}} is {{random:twenty,twelve}} years old.",
    ]) {
      const card = { spec: "chara_card_v2", data: { name: "Lily", description, first_mes: "Hi." } };
      const { status, body } = await careful.upload(Buffer.from(JSON.stringify(card)), "application/json");
      expect({ description, status, error: body.error }).toEqual({
        description,
        status: 422,
        error: "content_refused",
      });
    }
    expect(await charactersOf(careful.id)).toEqual([]);
    expect(await tokensOf(careful.id)).toBe(before);
  });

  it("refuses an age under 18 before reading the card: 400, nothing stored or charged", async () => {
    const minorAge = await user();
    const before = await tokensOf(minorAge.id);
    for (const query of [
      "age=17&gender=female",
      "age=abc&gender=female",
      "gender=female",
      "age=30&gender=robot",
    ]) {
      const { status, body } = await minorAge.upload(cardFixture("v2-lorebook.png"), "image/png", query);
      expect(status, query).toBe(400);
      expect(body.error).toBe("bad_request");
    }
    expect(await charactersOf(minorAge.id)).toEqual([]);
    expect(await tokensOf(minorAge.id)).toBe(before);
  });

  it("refuses a 20 MB upload with 413 and stores nothing", async () => {
    const hoarder = await user();
    const huge = Buffer.concat([cardFixture("v2-lorebook.png"), Buffer.alloc(20 * 1024 * 1024)]);
    for (const type of ["image/png", "application/json"]) {
      const { status, body } = await hoarder.upload(huge, type);
      expect(status, type).toBe(413);
      expect(body).toMatchObject({ error: "too_large", message: expect.stringContaining("8 MiB") });
    }
    expect(await charactersOf(hoarder.id)).toEqual([]);
  });

  it("answers every bad file kind with its 4xx and stores nothing", async () => {
    const unlucky = await user();
    const before = await tokensOf(unlucky.id);
    for (const bad of BAD_FILES) {
      const { status, body } = await unlucky.upload(bad.body, bad.type);
      expect({ kind: bad.kind, status, code: body.error }).toEqual({
        kind: bad.kind,
        status: bad.status,
        code: bad.code,
      });
      expect(body.message, bad.kind).toEqual(expect.any(String));
    }
    expect(await charactersOf(unlucky.id)).toEqual([]);
    expect(await tokensOf(unlucky.id)).toBe(before);
  });

  it("refuses an empty upload and one without a type", async () => {
    const careless = await user();
    const empty = await careless.upload(Buffer.alloc(0), "image/png");
    expect({ status: empty.status, code: empty.body.error }).toEqual({ status: 400, code: "not_a_card" });
    const untyped = await t.app.inject({
      method: "POST",
      url: "/api/custom/cards?age=25&gender=female",
      headers: { authorization: careless.authorization },
      payload: cardFixture("v2-lorebook.png"),
    });
    expect({ status: untyped.statusCode, code: untyped.json().error }).toEqual({
      status: 415,
      code: "unsupported_type",
    });
    expect(await charactersOf(careless.id)).toEqual([]);
  });

  it("refuses uploads without a session", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/custom/cards?age=25&gender=female",
      headers: { "content-type": "image/png" },
      payload: cardFixture("v2-lorebook.png"),
    });
    expect(response.statusCode).toBe(401);
  });

  it("exports a V3 PNG (ccv3 and chara) and V3 JSON that import again as the same definition", async () => {
    const traveller = await user();
    for (const { file, type } of FIXTURES) {
      const { body } = await traveller.upload(cardFixture(file), type);
      const { model_id } = customModelCreatedSchema.parse(body);
      const original = await definitionOf(model_id);

      const png = await traveller.get(`/api/custom/models/${model_id}/card.png`);
      expect(png.status, file).toBe(200);
      expect(png.headers["content-type"]).toBe("image/png");
      expect(png.headers["content-disposition"]).toContain(`filename="${original.name}.png"`);
      const keywords = readPngChunks(png.raw)
        .filter((chunk) => chunk.type === "tEXt")
        .map((chunk) => chunk.data.toString("latin1", 0, chunk.data.indexOf(0)));
      expect(keywords).toEqual(["chara", "ccv3"]);
      expect(readCardJsonFromPng(png.raw)).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0" });

      const json = await traveller.get(`/api/custom/models/${model_id}/card.json`);
      expect(json.status, file).toBe(200);
      expect(json.headers["content-type"]).toContain("application/json");
      const v3 = JSON.parse(json.raw.toString());
      expect(v3).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", data: { name: original.name } });
      expect(v3.data.modification_date).toEqual(expect.any(Number));

      for (const [exported, exportedType] of [
        [png.raw, "image/png"],
        [json.raw, "application/json"],
      ] as const) {
        const again = await traveller.upload(exported, exportedType);
        expect(again.status, `${file} as ${exportedType}`).toBe(201);
        const reimported = await definitionOf(customModelCreatedSchema.parse(again.body).model_id);
        // the export's date is the one thing an export adds
        const { modification_date: exportedAt, ...v3Fields } = reimported.v3 ?? {};
        const { modification_date: _cardDate, ...originalV3Fields } = original.v3 ?? {};
        expect(exportedAt).toEqual(expect.any(Number));
        expect({ ...reimported, v3: v3Fields }, `${file} as ${exportedType}`).toStrictEqual({
          ...original,
          v3: originalV3Fields,
        });
      }
    }
  });

  it("exports only to the owner: another user and an unknown id get 404, no session 401", async () => {
    const owner = await user();
    const stranger = await user();
    const { body } = await owner.upload(cardFixture("v1.json"), "application/json");
    const { model_id } = customModelCreatedSchema.parse(body);
    for (const format of ["png", "json"]) {
      expect((await stranger.get(`/api/custom/models/${model_id}/card.${format}`)).status, format).toBe(404);
      expect((await owner.get(`/api/custom/models/999999/card.${format}`)).status, format).toBe(404);
      const anonymous = await t.app.inject({
        method: "GET",
        url: `/api/custom/models/${model_id}/card.${format}`,
      });
      expect(anonymous.statusCode, format).toBe(401);
    }
    // a catalog character is nobody's to export
    const catalog = await t.database.db
      .selectFrom("characters")
      .select("id")
      .where("owner_id", "is", null)
      .executeTakeFirstOrThrow();
    expect((await owner.get(`/api/custom/models/${catalog.id}/card.png`)).status).toBe(404);
  });

  it("documents the three calls in the OpenAPI document", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(document.paths["/api/custom/cards"]?.post).toBeDefined();
    expect(document.paths["/api/custom/models/{id}/card.png"]?.get).toBeDefined();
    expect(document.paths["/api/custom/models/{id}/card.json"]?.get).toBeDefined();
  });
});
