import type { CardData } from "./card-data.ts";
import { type CharacterCardV3, toCardV2, toCardV3 } from "./card-format.ts";
import { writeCardPng } from "./card-png.ts";

/**
 * A character exported as a card file (decision 23): a V3 PNG (the portrait with `ccv3` and a
 * V2-compatible `chara` chunk) or V3 JSON, readable by other apps that read cards.
 */

export function cardPng(card: CardData, portraitPng: Buffer, exportedAt: Date): Buffer {
  return writeCardPng(portraitPng, { v3: toCardV3(card, { modifiedAt: exportedAt }), v2: toCardV2(card) });
}

export function cardJson(card: CardData, exportedAt: Date): CharacterCardV3 {
  return toCardV3(card, { modifiedAt: exportedAt });
}

/**
 * A Content-Disposition that downloads the file under the character's name: an ASCII `filename`
 * (quotes, slashes and control characters would break the header or the path) and the exact name
 * in `filename*` for browsers that read it.
 */
export function cardDownloadDisposition(card: CardData, extension: "png" | "json"): string {
  const asciiName = card.name.replaceAll(/[^\w .()-]+/g, "_").trim() || "character";
  const fullName = encodeURIComponent(`${card.name}.${extension}`).replaceAll(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiName}.${extension}"; filename*=UTF-8''${fullName}`;
}
