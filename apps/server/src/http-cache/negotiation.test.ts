import { describe, expect, it } from "vitest";
import { matchesEtag, preferredEncoding } from "./negotiation.ts";

describe("preferredEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["deflate", "identity"],
    ["BR", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.1, gzip;q=0.5", "gzip"],
    ["identity", "identity"],
    ["identity;q=0, gzip;q=0.2", "gzip"],
    ["gzip;q=not-a-number, br;q=0.1", "br"],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it("gives the same answer the second time, from its memo", () => {
    expect(preferredEncoding("gzip;q=1.0, br;q=0.9")).toBe("gzip");
    expect(preferredEncoding("gzip;q=1.0, br;q=0.9")).toBe("gzip");
  });
});

describe("matchesEtag", () => {
  const etag = 'W/"abc"';

  it("matches the same tag, weak or strong, alone or in a list, and *", () => {
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", W/"abc"', etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
  });

  it("does not match another tag or no header", () => {
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('W/"abcd"', etag)).toBe(false);
    expect(matchesEtag('"ab", "c"', etag)).toBe(false);
  });
});
