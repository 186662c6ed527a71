export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * Smaller answers gain too little to be worth a Content-Encoding: below it the cache keeps the
 * identity copy only, and plugins/compression.ts compresses nothing smaller.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Ties go to the smaller encoding. */
const PREFERENCE: readonly ContentEncoding[] = ["br", "gzip", "identity"];
const MEMO_LIMIT = 256;
const chosen = new Map<string, ContentEncoding>();

function qualityOf(parameters: readonly string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=");
    if (name?.trim().toLowerCase() === "q") {
      const quality = Number(value);
      return Number.isFinite(quality) ? quality : 0;
    }
  }
  return 1;
}

function negotiate(header: string): ContentEncoding {
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [coding = "", ...parameters] = part.split(";");
    const name = coding.trim().toLowerCase();
    if (name) quality.set(name, qualityOf(parameters));
  }
  const wildcard = quality.get("*");
  let best: ContentEncoding = "identity";
  let bestQuality = 0;
  for (const encoding of PREFERENCE) {
    // identity is acceptable unless refused by name or by `*;q=0` (RFC 9110, 12.5.3)
    const fallback = encoding === "identity" ? (wildcard === 0 ? 0 : 0.001) : (wildcard ?? 0);
    const q = quality.get(encoding) ?? fallback;
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  // nothing acceptable: identity anyway, as a refusal (406) helps no one
  return best;
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, gzip or none, by the client's
 * q-values. Browsers send a handful of distinct headers, so each is parsed once.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiate(acceptEncoding);
    if (chosen.size >= MEMO_LIMIT) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** Whether If-None-Match names this ETag; weak comparison, as GET allows (RFC 9110, 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}
