import { readFileSync } from "node:fs";
import sharp from "sharp";
import { AppError } from "../../src/errors.ts";
import type { CardData } from "../../src/services/cards/card-data.ts";
import { encodePng, type PngChunk, readPngChunks } from "../../src/services/cards/card-png.ts";

/** A file of test/fixtures/cards, as read from disk. */
export const cardFixture = (name: string): Buffer =>
  readFileSync(new URL(`../fixtures/cards/${name}`, import.meta.url));

/** The AppError `run` throws, as its status, code and message; fails the test when it throws none. */
export function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError)
      return { status: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

/** A card named Mia with every other field the specs' empty default, then `fields` over it. */
export function cardData(fields: Partial<CardData> = {}): CardData {
  return {
    name: "Mia",
    description: "",
    personality: "",
    scenario: "",
    first_mes: "",
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: [],
    tags: [],
    creator: "",
    character_version: "",
    extensions: {},
    ...fields,
  };
}

/** A small PNG of one colour, with no text chunks. */
export const plainPng = (size: number, background: string): Promise<Buffer> =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

/** `png` with these chunks put before its IEND. */
export function withChunksBeforeEnd(png: Buffer, ...extra: PngChunk[]): Buffer {
  const chunks = readPngChunks(png);
  const end = chunks.pop() as PngChunk;
  return encodePng([...chunks, ...extra, end]);
}
