import { crc32, inflateSync } from "node:zlib";
import { CUSTOM_LIMITS } from "@reverie/shared";
import { BadRequestError } from "../../errors.ts";

/**
 * The PNG side of character cards (decision 23): a card is JSON, base64-encoded, in a text chunk named
 * `ccv3` (Character Card V3) or `chara` (V2 and V1). Written here over Buffer and zlib rather than
 * with png-chunks-extract/-encode: those size a chunk by its declared length before checking it (a
 * 60-byte file made them allocate 2 GiB and spend 19 s), encode copies every byte through a JS
 * array (2 s for a 7 MB image), neither reads zTXt/iTXt, and neither has been published since 2017.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** length, type and CRC around each chunk's data */
const CHUNK_OVERHEAD = 12;
const MAX_CHUNK_LENGTH = 0x7fff_ffff;

export const CARD_CHUNK_KEYWORDS = { v3: "ccv3", v2: "chara" } as const;

export const PNG_LIMITS = {
  /** libpng writes 8 KiB IDAT chunks, about 1,000 in an 8 MiB image; many more is not a portrait */
  maxChunks: 4096,
  /** what one compressed text chunk may inflate to: a decompression bomb stops there */
  maxInflatedTextBytes: CUSTOM_LIMITS.cardMaxBytes,
} as const;

export interface PngChunk {
  /** the four-letter chunk type, e.g. IHDR, tEXt */
  type: string;
  data: Buffer;
}

export function hasPngSignature(bytes: Buffer): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
  );
}

function brokenPng(reason: string): BadRequestError {
  return new BadRequestError(`This PNG is damaged: ${reason}.`, "broken_card");
}

/** The chunks of a PNG, IHDR first and IEND last, each checked against its length and CRC. */
export function readPngChunks(png: Buffer): PngChunk[] {
  if (!hasPngSignature(png)) throw new BadRequestError("This file is not a PNG image.", "not_a_card");
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset < png.length) {
    if (chunks.length >= PNG_LIMITS.maxChunks) {
      throw brokenPng(`it has more than ${PNG_LIMITS.maxChunks} chunks`);
    }
    if (png.length - offset < CHUNK_OVERHEAD) throw brokenPng("it ends in the middle of a chunk");
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw brokenPng("a chunk has no valid type");
    if (length > MAX_CHUNK_LENGTH || length > png.length - offset - CHUNK_OVERHEAD) {
      throw brokenPng(`the ${type} chunk is longer than the file`);
    }
    const data = png.subarray(offset + 8, offset + 8 + length);
    const storedCrc = png.readUInt32BE(offset + 8 + length);
    if (crc32(data, crc32(type)) !== storedCrc) throw brokenPng(`the ${type} chunk's checksum is wrong`);
    if (chunks.length === 0 && type !== "IHDR") throw brokenPng("it does not start with IHDR");
    chunks.push({ type, data });
    offset += CHUNK_OVERHEAD + length;
    if (type === "IEND") return chunks;
  }
  throw brokenPng("it has no IEND chunk");
}

/** A PNG file of these chunks, in this order. */
export function encodePng(chunks: readonly PngChunk[]): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const { type, data } of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(data, crc32(type)), 0);
    parts.push(head, data, tail);
  }
  return Buffer.concat(parts);
}

const TEXT_CHUNK_TYPES = new Set(["tEXt", "zTXt", "iTXt"]);
/** the PNG spec's longest keyword, plus its terminating NUL */
const MAX_KEYWORD_BYTES = 80;

/** A text chunk's keyword (tEXt, zTXt and iTXt all start with it), or null for another chunk. */
function keywordOf(chunk: PngChunk): string | null {
  if (!TEXT_CHUNK_TYPES.has(chunk.type)) return null;
  const end = chunk.data.subarray(0, MAX_KEYWORD_BYTES).indexOf(0);
  return end > 0 ? chunk.data.toString("latin1", 0, end) : null;
}

function isCardChunk(chunk: PngChunk): boolean {
  const keyword = keywordOf(chunk)?.toLowerCase();
  return keyword === CARD_CHUNK_KEYWORDS.v3 || keyword === CARD_CHUNK_KEYWORDS.v2;
}

function inflateText(compressed: Buffer): Buffer {
  try {
    return inflateSync(compressed, { maxOutputLength: PNG_LIMITS.maxInflatedTextBytes });
  } catch (error) {
    if (error instanceof RangeError) {
      const mebibytes = PNG_LIMITS.maxInflatedTextBytes / 1024 / 1024;
      throw new BadRequestError(
        `The card's compressed text unpacks to more than ${mebibytes} MiB.`,
        "broken_card",
      );
    }
    throw brokenPng("the card's compressed text cannot be unpacked");
  }
}

/** The text of a text chunk; compressed text (zTXt, iTXt with its flag set) is inflated with a cap. */
function textOf(chunk: PngChunk): string {
  const { data } = chunk;
  const afterKeyword = data.indexOf(0) + 1;
  if (chunk.type === "tEXt") return data.toString("latin1", afterKeyword);
  if (chunk.type === "zTXt") return inflateText(data.subarray(afterKeyword + 1)).toString("latin1");
  // iTXt: compression flag, method, language tag NUL, translated keyword NUL, UTF-8 text
  const compressed = data[afterKeyword] === 1;
  const afterLanguage = data.indexOf(0, afterKeyword + 2) + 1;
  const afterTranslatedKeyword = afterLanguage > 0 ? data.indexOf(0, afterLanguage) + 1 : 0;
  if (afterTranslatedKeyword === 0) throw brokenPng("the card's iTXt chunk is cut short");
  const text = data.subarray(afterTranslatedKeyword);
  return (compressed ? inflateText(text) : text).toString("utf8");
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
// bytes that are not UTF-8 read as U+FFFD, as SillyTavern reads them (Node's Buffer toString)
const utf8 = new TextDecoder("utf-8");

/** A card chunk's value as JSON: base64 of UTF-8 JSON (some writers leave the JSON as it is). */
function cardJsonOf(text: string, keyword: string): unknown {
  const trimmed = text.trim();
  let json = trimmed;
  if (!trimmed.startsWith("{")) {
    const base64 = trimmed.replaceAll(/\s+/g, "");
    if (base64.length === 0 || !BASE64.test(base64) || base64.length % 4 === 1) {
      throw new BadRequestError(`The card's ${keyword} chunk is not valid base64.`, "broken_card");
    }
    json = utf8.decode(Buffer.from(base64, "base64"));
  }
  try {
    return JSON.parse(json);
  } catch {
    throw new BadRequestError(`The card's ${keyword} chunk does not hold valid JSON.`, "broken_card");
  }
}

/**
 * The card inside a PNG, as parsed JSON: the `ccv3` chunk when there is one (the V3 spec says to
 * prefer it), else `chara`. Keywords are matched case-insensitively, as other readers do.
 */
export function readCardJsonFromPng(png: Buffer): unknown {
  const chunks = readPngChunks(png);
  for (const keyword of [CARD_CHUNK_KEYWORDS.v3, CARD_CHUNK_KEYWORDS.v2]) {
    const chunk = chunks.find((candidate) => keywordOf(candidate)?.toLowerCase() === keyword);
    if (chunk) return cardJsonOf(textOf(chunk), keyword);
  }
  throw new BadRequestError(
    "This PNG has no character card in it (no ccv3 or chara chunk).",
    "no_card_chunk",
  );
}

function textChunk(keyword: string, json: unknown): PngChunk {
  const base64 = Buffer.from(JSON.stringify(json), "utf8").toString("base64");
  return { type: "tEXt", data: Buffer.concat([Buffer.from(`${keyword}\0`, "latin1"), Buffer.from(base64)]) };
}

/** The PNG without its card chunks: the picture alone, as a portrait. */
export function withoutCardChunks(png: Buffer): Buffer {
  return encodePng(readPngChunks(png).filter((chunk) => !isCardChunk(chunk)));
}

/**
 * A card PNG: the image with a `chara` chunk (V2, for older readers) and a `ccv3` chunk (V3) before
 * IEND, in place of any card chunks it had.
 */
export function writeCardPng(png: Buffer, cards: { v3: unknown; v2: unknown }): Buffer {
  const chunks = readPngChunks(png).filter((chunk) => !isCardChunk(chunk));
  const end = chunks.pop() as PngChunk;
  return encodePng([
    ...chunks,
    textChunk(CARD_CHUNK_KEYWORDS.v2, cards.v2),
    textChunk(CARD_CHUNK_KEYWORDS.v3, cards.v3),
    end,
  ]);
}
