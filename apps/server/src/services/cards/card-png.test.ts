import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  cardFixture,
  plainPng as plainPngOf,
  refusal,
  withChunksBeforeEnd,
} from "../../../test/helpers/cards.ts";
import {
  encodePng,
  PNG_LIMITS,
  type PngChunk,
  readCardJsonFromPng,
  readPngChunks,
  withoutCardChunks,
  writeCardPng,
} from "./card-png.ts";

const plainPng = await plainPngOf(4, "#336699");

/** The plain PNG with these chunks put before IEND. */
const pngWith = (...extra: PngChunk[]) => withChunksBeforeEnd(plainPng, ...extra);

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
const tEXt = (keyword: string, text: string): PngChunk => ({
  type: "tEXt",
  data: Buffer.from(`${keyword}\0${text}`, "latin1"),
});

describe("readCardJsonFromPng", () => {
  it("reads the chara chunk of a V2 card", () => {
    const card = readCardJsonFromPng(cardFixture("v2-lorebook.png")) as {
      spec: string;
      data: { name: string };
    };
    expect(card.spec).toBe("chara_card_v2");
    expect(card.data.name).toBe("Ines Marlowe");
  });

  it("prefers ccv3 when both chunks are there", () => {
    const card = readCardJsonFromPng(cardFixture("v3-both-chunks.png")) as {
      spec: string;
      data: { name: string };
    };
    expect(card).toMatchObject({ spec: "chara_card_v3", data: { name: "Selene Ardent" } });
  });

  it("matches keywords in any case and reads zTXt and iTXt, compressed or not", () => {
    const card = { spec: "chara_card_v2", data: { name: "Zed" } };
    const zTXt: PngChunk = {
      type: "zTXt",
      data: Buffer.concat([Buffer.from("Chara\0\0"), deflateSync(base64Json(card))]),
    };
    expect(readCardJsonFromPng(pngWith(zTXt))).toEqual(card);

    const utf8Card = { spec: "chara_card_v3", data: { name: "Zoë 🌙" } };
    const iTXt = (compressed: boolean): PngChunk => ({
      type: "iTXt",
      data: Buffer.concat([
        Buffer.from(`ccv3\0${compressed ? "\x01" : "\x00"}\0en\0\0`, "latin1"),
        compressed ? deflateSync(base64Json(utf8Card)) : Buffer.from(base64Json(utf8Card)),
      ]),
    });
    expect(readCardJsonFromPng(pngWith(iTXt(false)))).toEqual(utf8Card);
    expect(readCardJsonFromPng(pngWith(iTXt(true)))).toEqual(utf8Card);
  });

  it("takes a chunk holding JSON as it is", () => {
    expect(readCardJsonFromPng(pngWith(tEXt("chara", '{"name":"Raw"}')))).toEqual({ name: "Raw" });
  });

  it("refuses a file that is not a PNG", () => {
    expect(refusal(() => readCardJsonFromPng(Buffer.from("GIF89a not a png")))).toMatchObject({
      status: 400,
      code: "not_a_card",
    });
  });

  it("refuses a PNG without a card chunk", () => {
    const withOtherText = pngWith(tEXt("parameters", "steps: 20"));
    expect(refusal(() => readCardJsonFromPng(withOtherText))).toMatchObject({
      status: 400,
      code: "no_card_chunk",
    });
  });

  it("refuses broken base64 and broken JSON", () => {
    const brokenBase64 = refusal(() => readCardJsonFromPng(pngWith(tEXt("chara", "eyJuYW1l!!!*")))) as {
      code: string;
      message: string;
    };
    expect(brokenBase64).toMatchObject({ code: "broken_card", message: expect.stringContaining("base64") });
    const brokenJson = refusal(() =>
      readCardJsonFromPng(pngWith(tEXt("chara", Buffer.from('{"name": "Cut').toString("base64")))),
    );
    expect(brokenJson).toMatchObject({ code: "broken_card", message: expect.stringContaining("JSON") });
    const notUtf8 = refusal(() =>
      readCardJsonFromPng(pngWith(tEXt("chara", Buffer.from([0xff, 0xfe, 0x7b]).toString("base64")))),
    );
    expect(notUtf8.code).toBe("broken_card");
  });

  it("stops a decompression bomb at the cap, quickly", () => {
    const bomb: PngChunk = {
      type: "zTXt",
      data: Buffer.concat([Buffer.from("chara\0\0"), deflateSync(Buffer.alloc(64 * 1024 * 1024, "A"))]),
    };
    const png = pngWith(bomb);
    expect(png.length).toBeLessThan(200 * 1024);
    // the message says it stopped at the limit rather than inflating all 64 MiB
    expect(refusal(() => readCardJsonFromPng(png))).toMatchObject({
      status: 400,
      code: "broken_card",
      message: expect.stringContaining("more than 8 MiB"),
    });
  });

  it("refuses too many chunks", () => {
    const filler = Array.from({ length: PNG_LIMITS.maxChunks }, () => tEXt("x", "y"));
    expect(refusal(() => readPngChunks(pngWith(...filler)))).toMatchObject({
      code: "broken_card",
      message: expect.stringContaining("chunks"),
    });
  });

  it("refuses damaged PNGs without reading past the file", () => {
    const damagedCrc = Buffer.from(cardFixture("v2-lorebook.png"));
    const inTheText = damagedCrc.length - 20;
    damagedCrc.writeUInt8(damagedCrc.readUInt8(inTheText) ^ 0xff, inTheText);
    expect(refusal(() => readPngChunks(damagedCrc)).code).toBe("broken_card");

    const truncated = cardFixture("v2-lorebook.png").subarray(0, 200);
    expect(refusal(() => readPngChunks(truncated)).code).toBe("broken_card");

    // a chunk that claims 2 GiB in a 60-byte file
    const header = readPngChunks(plainPng)[0] as PngChunk;
    const huge = Buffer.alloc(12);
    huge.writeUInt32BE(0x7fff_fff0, 0);
    huge.write("tEXt", 4, "latin1");
    const claimsTooMuch = Buffer.concat([encodePng([header]), huge]);
    expect(refusal(() => readPngChunks(claimsTooMuch)).message).toContain("longer than the file");

    const noHeader = encodePng([tEXt("chara", "e30="), { type: "IEND", data: Buffer.alloc(0) }]);
    expect(refusal(() => readPngChunks(noHeader)).message).toContain("IHDR");
  });
});

describe("writeCardPng", () => {
  it("puts chara and ccv3 before IEND in place of the old card chunks, keeping the image", async () => {
    const written = writeCardPng(cardFixture("v3-both-chunks.png"), {
      v3: { spec: "chara_card_v3", data: { name: "New" } },
      v2: { spec: "chara_card_v2", data: { name: "New" } },
    });
    const chunks = readPngChunks(written);
    expect(chunks.map((chunk) => chunk.type)).toEqual(["IHDR", "pHYs", "IDAT", "tEXt", "tEXt", "IEND"]);
    const keywords = chunks
      .filter((chunk) => chunk.type === "tEXt")
      .map((chunk) => chunk.data.toString("latin1", 0, chunk.data.indexOf(0)));
    expect(keywords).toEqual(["chara", "ccv3"]);
    expect(readCardJsonFromPng(written)).toEqual({ spec: "chara_card_v3", data: { name: "New" } });
    const chara = chunks.find((chunk) => chunk.data.toString("latin1").startsWith("chara\0")) as PngChunk;
    expect(JSON.parse(Buffer.from(chara.data.toString("latin1", 6), "base64").toString())).toEqual({
      spec: "chara_card_v2",
      data: { name: "New" },
    });
    expect(await sharp(written).metadata()).toMatchObject({ format: "png", width: 24, height: 32 });
  });

  it("writes every chunk with a valid CRC", () => {
    const written = writeCardPng(plainPng, { v3: { a: "ü" }, v2: { b: 1 } });
    let offset = 8;
    while (offset < written.length) {
      const length = written.readUInt32BE(offset);
      const typeAndData = written.subarray(offset + 4, offset + 8 + length);
      expect(crc32(typeAndData)).toBe(written.readUInt32BE(offset + 8 + length));
      offset += 12 + length;
    }
    expect(offset).toBe(written.length);
  });
});

describe("withoutCardChunks", () => {
  it("leaves the picture and its other chunks, without the card", () => {
    const portrait = withoutCardChunks(cardFixture("v3-both-chunks.png"));
    expect(readPngChunks(portrait).map((chunk) => chunk.type)).toEqual(["IHDR", "pHYs", "IDAT", "IEND"]);
    expect(refusal(() => readCardJsonFromPng(portrait)).code).toBe("no_card_chunk");
  });
});
