import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { COMPRESSION_THRESHOLD_BYTES } from "./negotiation.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli quality for answers compressed once and sent many times. 11 makes a gallery page 9 %
 * smaller than 9 but takes 34 ms instead of 2: a stream of distinct queries, each a cache miss,
 * must not cost a core.
 */
const BROTLI_QUALITY = 9;

/** One route answer as sent, built once: the JSON and its compressed copies, with their ETag. */
export interface CachedAnswer {
  identity: Buffer;
  /** absent when the answer is too small to be worth compressing */
  br?: Buffer;
  gzip?: Buffer;
  /** weak: the same for every encoding of the same JSON */
  etag: string;
  /** the catalog version the answer was built from */
  version: number;
}

export function etagOf(body: Buffer): string {
  return `W/"${hash("sha256", body, "base64url").slice(0, 27)}"`;
}

/** The JSON as serialized by the route's schema, compressed off the event loop. */
export async function buildCachedAnswer(json: string, version: number): Promise<CachedAnswer> {
  const identity = Buffer.from(json);
  const etag = etagOf(identity);
  if (identity.length < COMPRESSION_THRESHOLD_BYTES) return { identity, etag, version };
  const [br, gzip] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip, etag, version };
}

/** Bytes the answer holds, for the cache's size bound. */
export function sizeOf(answer: CachedAnswer): number {
  return answer.identity.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0);
}
