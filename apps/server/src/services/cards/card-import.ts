import { CUSTOM_LIMITS } from "@reverie/shared";
import { AppError, BadRequestError } from "../../errors.ts";
import type { ImportedCard } from "./card-data.ts";
import { parseCard } from "./card-format.ts";
import { hasPngSignature, readCardJsonFromPng, withoutCardChunks } from "./card-png.ts";

/** The media types a card may be uploaded as. */
export const CARD_UPLOAD_TYPES = ["image/png", "application/json"] as const;
export type CardUploadType = (typeof CARD_UPLOAD_TYPES)[number];

function mediaTypeOf(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function isCardUploadType(mediaType: string): mediaType is CardUploadType {
  return (CARD_UPLOAD_TYPES as readonly string[]).includes(mediaType);
}

/** 415: a card is a PNG or JSON file. */
export function unsupportedCardTypeError(): AppError {
  return new AppError(415, "unsupported_type", "Send a character card as a PNG image or a JSON file.");
}

/** 413: a card file is 8 MiB at most. */
export function cardTooLargeError(): AppError {
  const mebibytes = CUSTOM_LIMITS.cardMaxBytes / 1024 / 1024;
  return new AppError(413, "too_large", `A character card can be ${mebibytes} MiB at most.`);
}

// bytes that are not UTF-8 read as U+FFFD, as SillyTavern reads a JSON card
const utf8 = new TextDecoder("utf-8");

function jsonOf(bytes: Buffer): unknown {
  try {
    // TextDecoder drops a byte order mark, which some editors put before JSON
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new BadRequestError("This file is not a character card: it is not valid JSON.", "not_a_card");
  }
}

/**
 * An uploaded card file (decision 23) as a definition and, for a PNG, the picture as a portrait
 * without its card chunks. Its type and size are checked before anything is parsed: a PNG or JSON
 * of at most 8 MiB (415 unsupported_type, 413 too_large); a PNG must start with the PNG signature.
 * Anything unreadable is a 400: not_a_card, no_card_chunk or broken_card. A card without a name
 * takes its file's name (`fileName`), or "Unnamed", as SillyTavern imports it.
 */
export function readCardUpload(bytes: Buffer, contentType: string, fileName?: string): ImportedCard {
  const mediaType = mediaTypeOf(contentType);
  if (!isCardUploadType(mediaType)) throw unsupportedCardTypeError();
  if (bytes.length > CUSTOM_LIMITS.cardMaxBytes) throw cardTooLargeError();
  const fallbackName = cardNameFromFileName(fileName);
  if (mediaType === "application/json")
    return { data: parseCard(jsonOf(bytes), fallbackName), portraitPng: null };
  if (!hasPngSignature(bytes)) throw new BadRequestError("This file is not a PNG image.", "not_a_card");
  return { data: parseCard(readCardJsonFromPng(bytes), fallbackName), portraitPng: withoutCardChunks(bytes) };
}

/** A card file's name as a character's name ("Ada Vale.png" is "Ada Vale"), for a card without one. */
export function cardNameFromFileName(fileName: string | undefined): string | undefined {
  const base = fileName
    ?.split(/[\\/]/)
    .at(-1)
    ?.replace(/\.(?:png|json)$/i, "")
    .trim();
  return base ? base.slice(0, 100) : undefined;
}

/** The file name a Content-Disposition header gives ("attachment; filename=\"Ada.png\""), if any. */
export function fileNameOfDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const encoded = header.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a badly encoded name is no name
    }
  }
  return header.match(/filename\s*=\s*"([^"]*)"/)?.[1] ?? header.match(/filename\s*=\s*([^;\s]+)/)?.[1];
}
