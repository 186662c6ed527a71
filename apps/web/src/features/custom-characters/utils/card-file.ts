import { CUSTOM_LIMITS } from "@reverie/shared";

export type CardContentType = "image/png" | "application/json";

export type CardFileCheck = { ok: true; contentType: CardContentType } | { ok: false; message: string };

const MAX_MIB = CUSTOM_LIMITS.cardMaxBytes / (1024 * 1024);

function extension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The card's kind from its name and type, as the browser reports them; null when it is neither. */
function cardContentType(file: { name: string; type: string }): CardContentType | null {
  const type = file.type.toLowerCase();
  const ext = extension(file.name);
  if (type === "image/png" || (type === "" && ext === "png")) return "image/png";
  // some systems report .json files as text or as nothing at all
  if (type === "application/json" || (ext === "json" && (type === "" || type.startsWith("text/")))) {
    return "application/json";
  }
  return null;
}

/** Checked before sending: a character card is a PNG or a JSON file of at most 8 MiB. */
export function checkCardFile(file: { name: string; type: string; size: number }): CardFileCheck {
  const contentType = cardContentType(file);
  if (!contentType) {
    return { ok: false, message: "Choose a character card: a .png image or a .json file." };
  }
  if (file.size === 0) return { ok: false, message: "This file is empty." };
  if (file.size > CUSTOM_LIMITS.cardMaxBytes) {
    return { ok: false, message: `This file is too large: cards are at most ${MAX_MIB} MB.` };
  }
  return { ok: true, contentType };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Whether the file's first bytes fit its kind (a PNG's signature; JSON opening with `{` after any
 * byte-order mark or whitespace): a renamed file gets its answer before the upload.
 */
export function contentMatches(contentType: CardContentType, head: Uint8Array): boolean {
  if (contentType === "image/png") return PNG_SIGNATURE.every((byte, index) => head[index] === byte);
  let index = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (index < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[index] ?? -1)) index += 1;
  return head[index] === 0x7b;
}

export function contentMismatchMessage(contentType: CardContentType): string {
  return contentType === "image/png"
    ? "This file isn't a PNG image. Choose the card's .png file."
    : "This file isn't a JSON card. Choose the card's .json file.";
}
