import { describe, expect, it } from "vitest";
import { previewKeyOf } from "./chat-media.ts";
import { isServablePrivateKey, PrivateMediaSigner } from "./private-urls.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-auth";
const KEY = "private/chats/7/3f2a.webp";

function parts(url: string) {
  const parsed = new URL(url, "http://local");
  return {
    path: parsed.pathname.replace(/^\/media-private\//, ""),
    expires: parsed.searchParams.get("expires") ?? undefined,
    signature: parsed.searchParams.get("signature") ?? undefined,
  };
}

describe("signed private media URLs", () => {
  it("signs a key so that the link verifies back to it", () => {
    const signer = new PrivateMediaSigner(SECRET, { now: () => Date.UTC(2025, 0, 1, 10, 20) });
    const url = signer.url(KEY);
    expect(url).toMatch(/^\/media-private\/chats\/7\/3f2a\.webp\?expires=\d+&signature=[\w-]+$/);
    const { path, expires, signature } = parts(url);
    expect(signer.verify(path, expires, signature)).toMatchObject({ ok: true, key: KEY });
  });

  it("keeps the same link for an hour (rounded expiry) and at least the lifetime", () => {
    let now = Date.UTC(2025, 0, 1, 10, 0, 5);
    const signer = new PrivateMediaSigner(SECRET, { now: () => now });
    const first = signer.url(KEY);
    now += 30 * 60 * 1000;
    expect(signer.url(KEY)).toBe(first);
    const expiresAt = Number(parts(first).expires) * 1000;
    expect(expiresAt - Date.UTC(2025, 0, 1, 10, 0, 5)).toBeGreaterThanOrEqual(2 * 3600 * 1000);
  });

  it("refuses another key, a changed expiry, another secret and an expired link", () => {
    let now = Date.UTC(2025, 0, 1, 10);
    const signer = new PrivateMediaSigner(SECRET, { now: () => now });
    const { path, expires, signature } = parts(signer.url(KEY));
    expect(signer.verify("chats/7/other.webp", expires, signature).ok).toBe(false);
    expect(signer.verify(path, String(Number(expires) + 3600), signature).ok).toBe(false);
    expect(signer.verify(path, expires, undefined).ok).toBe(false);
    expect(signer.verify(path, expires, `${signature}x`).ok).toBe(false);
    const other = new PrivateMediaSigner(`${SECRET}!`, { now: () => now });
    expect(other.verify(path, expires, signature).ok).toBe(false);
    now = Number(expires) * 1000;
    expect(signer.verify(path, expires, signature)).toEqual({ ok: false, reason: "The link has expired." });
  });

  it("serves plain private paths only", () => {
    expect(isServablePrivateKey(KEY)).toBe(true);
    for (const bad of [
      "public/chats/7/a.webp",
      "private/../auth-secret",
      "private/chats/../../x",
      "private//a.webp",
      "private/.hidden",
      "private/a\\b.webp",
      "private/",
    ]) {
      expect(isServablePrivateKey(bad), bad).toBe(false);
    }
    const signer = new PrivateMediaSigner(SECRET);
    expect(() => signer.url("public/a.webp")).toThrow();
    expect(signer.verify("../auth-secret", "9999999999", "x").ok).toBe(false);
  });

  it("finds a private file's public preview", () => {
    expect(previewKeyOf("private/chats/7/3f2a.webm")).toBe("public/chats/7/3f2a.preview.webp");
    expect(() => previewKeyOf("public/chats/7/3f2a.webp")).toThrow();
  });
});
