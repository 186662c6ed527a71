import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** Where unlocked private media are served; the rest of the path is the storage key after `private/`. */
export const PRIVATE_MEDIA_PREFIX = "/media-private/";

export const PRIVATE_KEY_PREFIX = "private/";
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const HOUR_SECONDS = 3600;

/** A storage key under `private/` made only of plain path segments (no "..", no empty parts). */
export function isServablePrivateKey(key: string): boolean {
  if (!key.startsWith(PRIVATE_KEY_PREFIX) || key.length > 512) return false;
  return key
    .slice(PRIVATE_KEY_PREFIX.length)
    .split("/")
    .every((segment) => SEGMENT.test(segment));
}

export type SignatureCheck = { ok: true; key: string; expiresAt: number } | { ok: false; reason: string };

/**
 * Signed, expiring links to private media. `<img>` and `<video>` cannot send the Bearer header,
 * so the API hands out `/media-private/<key>?expires=<unix s>&signature=<HMAC-SHA256>` for media
 * the user may see; the signature covers the key and the expiry, with a key derived from the
 * auth secret. Expiry is rounded up to the hour, so a link stays the same (and cached) for an hour.
 */
export class PrivateMediaSigner {
  readonly #key: Buffer;
  readonly #lifetimeSeconds: number;
  readonly #now: () => number;

  constructor(authSecret: string, options: { lifetimeSeconds?: number; now?: () => number } = {}) {
    this.#key = Buffer.from(hkdfSync("sha256", authSecret, "", "reverie private media urls v1", 32));
    this.#lifetimeSeconds = options.lifetimeSeconds ?? 2 * HOUR_SECONDS;
    this.#now = options.now ?? Date.now;
  }

  #signature(key: string, expiresAt: number): string {
    return createHmac("sha256", this.#key).update(`${key}\n${expiresAt}`).digest("base64url");
  }

  /** The link for a private storage key, valid for at least the configured lifetime. */
  url(key: string): string {
    if (!isServablePrivateKey(key)) throw new Error(`not a private media key: ${key}`);
    const nowSeconds = Math.floor(this.#now() / 1000);
    const expiresAt = Math.ceil((nowSeconds + this.#lifetimeSeconds) / HOUR_SECONDS) * HOUR_SECONDS;
    const path = key.slice(PRIVATE_KEY_PREFIX.length);
    return `${PRIVATE_MEDIA_PREFIX}${path}?expires=${expiresAt}&signature=${this.#signature(key, expiresAt)}`;
  }

  /** The link for a private storage key that works until `expiresAt` exactly (an archive's lifetime). */
  urlUntil(key: string, expiresAt: Date): string {
    if (!isServablePrivateKey(key)) throw new Error(`not a private media key: ${key}`);
    const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
    const path = key.slice(PRIVATE_KEY_PREFIX.length);
    return `${PRIVATE_MEDIA_PREFIX}${path}?expires=${expiresAtSeconds}&signature=${this.#signature(key, expiresAtSeconds)}`;
  }

  /** Checks a request for `/media-private/<path>`: the path, the expiry and the signature. */
  verify(path: string, expires: string | undefined, signature: string | undefined): SignatureCheck {
    const key = PRIVATE_KEY_PREFIX + path;
    if (!isServablePrivateKey(key)) return { ok: false, reason: "The media path is not valid." };
    if (!expires || !/^\d{1,12}$/.test(expires) || !signature) {
      return { ok: false, reason: "The link is missing its signature." };
    }
    const expiresAt = Number(expires);
    const expected = Buffer.from(this.#signature(key, expiresAt));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: "The link's signature is not valid." };
    }
    if (expiresAt * 1000 <= this.#now()) return { ok: false, reason: "The link has expired." };
    return { ok: true, key, expiresAt };
  }
}
