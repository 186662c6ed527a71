import { readFileSync } from "node:fs";
import { CUSTOM_LIMITS } from "@reverie/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { cardNameFromFileName, fileNameOfDisposition, readCardUpload } from "./card-import.ts";
import { readPngChunks, writeCardPng } from "./card-png.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/cards/${name}`, import.meta.url));

function refusal(run: () => unknown): { status: number; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readCardUpload", () => {
  it("reads a PNG card, keeping the picture without its card chunks as the portrait", async () => {
    const { data, portraitPng } = readCardUpload(fixture("v3-both-chunks.png"), "image/png");
    expect(data.name).toBe("Selene Ardent");
    expect(portraitPng).not.toBeNull();
    const portrait = portraitPng as Buffer;
    expect(readPngChunks(portrait).some((chunk) => chunk.type === "tEXt")).toBe(false);
    expect(await sharp(portrait).metadata()).toMatchObject({ format: "png", width: 24, height: 32 });
  });

  it("reads a JSON card, with no portrait, whatever its charset parameter", () => {
    const { data, portraitPng } = readCardUpload(fixture("v1.json"), "application/json; charset=utf-8");
    expect(data.name).toBe("Mara Quill");
    expect(portraitPng).toBeNull();
    const withByteOrderMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture("v2.json")]);
    expect(readCardUpload(withByteOrderMark, "Application/JSON").data.name).toBe("Dorian Vale");
  });

  it("reads the loose cards SillyTavern imports, as JSON and as PNG", async () => {
    const messy = {
      spec: "chara_card_v2",
      data: {
        name: "Wren",
        tags: [{ name: "sea" }, "ships, storms"],
        extensions: [],
        character_book: {
          entries: [
            { keys: "sea", content: "The sea.", position: "", insertion_order: "1", enabled: "true" },
            { keys: ["storm"], content: "The storm.", position: "0" },
          ],
        },
      },
    };
    const json = readCardUpload(Buffer.from(JSON.stringify(messy)), "application/json").data;
    expect(json).toMatchObject({ name: "Wren", tags: ["sea", "ships", "storms"], extensions: {} });
    expect(json.character_book?.entries.map((entry) => entry.position)).toEqual([undefined, "before_char"]);
    const portrait = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#123" } })
      .png()
      .toBuffer();
    const png = writeCardPng(portrait, { v2: messy, v3: { ...messy, spec: "chara_card_v3" } });
    expect(readCardUpload(png, "image/png").data).toEqual(json);
  });

  it("checks the type and size before reading anything", () => {
    for (const type of ["image/jpeg", "text/plain", "application/octet-stream", ""]) {
      expect(
        refusal(() => readCardUpload(fixture("v1.json"), type)),
        type,
      ).toEqual({
        status: 415,
        code: "unsupported_type",
      });
    }
    const tooLarge = Buffer.alloc(CUSTOM_LIMITS.cardMaxBytes + 1);
    expect(refusal(() => readCardUpload(tooLarge, "image/png"))).toEqual({ status: 413, code: "too_large" });
  });

  it("refuses a file whose bytes are not what its type says", () => {
    expect(refusal(() => readCardUpload(fixture("v1.json"), "image/png"))).toEqual({
      status: 400,
      code: "not_a_card",
    });
    expect(refusal(() => readCardUpload(fixture("v2-lorebook.png"), "application/json"))).toEqual({
      status: 400,
      code: "not_a_card",
    });
    expect(refusal(() => readCardUpload(Buffer.alloc(0), "application/json")).code).toBe("not_a_card");
  });

  it("refuses JSON that is not a card and a PNG with no card", async () => {
    expect(refusal(() => readCardUpload(Buffer.from('{"title":"a recipe"}'), "application/json"))).toEqual({
      status: 400,
      code: "not_a_card",
    });
    const plain = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(refusal(() => readCardUpload(plain, "image/png"))).toEqual({ status: 400, code: "no_card_chunk" });
  });
});

describe("a card's file name", () => {
  it("names a nameless card, from the upload's Content-Disposition", () => {
    expect(fileNameOfDisposition('attachment; filename="Maren Holt.png"')).toBe("Maren Holt.png");
    expect(fileNameOfDisposition("attachment; filename*=UTF-8''%E5%BE%90%E5%A7%90.png")).toBe("徐姐.png");
    expect(fileNameOfDisposition("attachment; filename=ada.json")).toBe("ada.json");
    expect(fileNameOfDisposition(undefined)).toBeUndefined();
    expect(cardNameFromFileName("C:\\cards\\Maren Holt.png")).toBe("Maren Holt");
    expect(cardNameFromFileName(".png")).toBeUndefined();
    const nameless = Buffer.from(
      JSON.stringify({ spec: "chara_card_v2", data: { name: " ", first_mes: "Hi." } }),
    );
    expect(readCardUpload(nameless, "application/json", "Maren Holt.json").data.name).toBe("Maren Holt");
    expect(readCardUpload(nameless, "application/json").data.name).toBe("Unnamed");
  });

  it("reads a JSON card with a byte that is not UTF-8, as SillyTavern does", () => {
    const latin1 = Buffer.concat([
      Buffer.from('{"name":"Ren'),
      Buffer.from([0xe9]),
      Buffer.from('e","description":"A 30-year-old chef."}'),
    ]);
    expect(readCardUpload(latin1, "application/json").data.name).toBe("Ren\ufffde");
  });
});
