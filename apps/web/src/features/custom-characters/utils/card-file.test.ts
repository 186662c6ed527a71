import { describe, expect, it } from "vitest";
import { checkCardFile, contentMatches } from "./card-file";

const MIB = 1024 * 1024;

describe("checkCardFile", () => {
  it("takes a PNG or a JSON card", () => {
    expect(checkCardFile({ name: "mia.png", type: "image/png", size: 200_000 })).toEqual({
      ok: true,
      contentType: "image/png",
    });
    expect(checkCardFile({ name: "mia.json", type: "application/json", size: 3_000 })).toEqual({
      ok: true,
      contentType: "application/json",
    });
  });

  it("goes by the name when the browser gives no type", () => {
    expect(checkCardFile({ name: "MIA.PNG", type: "", size: 10 })).toMatchObject({
      contentType: "image/png",
    });
    expect(checkCardFile({ name: "mia.json", type: "", size: 10 })).toMatchObject({
      contentType: "application/json",
    });
    expect(checkCardFile({ name: "mia.json", type: "text/plain", size: 10 })).toMatchObject({
      contentType: "application/json",
    });
  });

  it("refuses other files", () => {
    for (const file of [
      { name: "mia.jpg", type: "image/jpeg", size: 10 },
      { name: "mia.webp", type: "image/webp", size: 10 },
      { name: "notes.txt", type: "text/plain", size: 10 },
      { name: "mia", type: "", size: 10 },
    ]) {
      expect(checkCardFile(file)).toEqual({
        ok: false,
        message: "Choose a character card: a .png image or a .json file.",
      });
    }
  });

  it("refuses an empty file and one over 8 MiB", () => {
    expect(checkCardFile({ name: "mia.png", type: "image/png", size: 0 })).toEqual({
      ok: false,
      message: "This file is empty.",
    });
    expect(checkCardFile({ name: "mia.png", type: "image/png", size: 8 * MIB })).toMatchObject({ ok: true });
    expect(checkCardFile({ name: "mia.png", type: "image/png", size: 8 * MIB + 1 })).toEqual({
      ok: false,
      message: "This file is too large: cards are at most 8 MB.",
    });
  });
});

describe("contentMatches", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("knows a PNG by its signature", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(contentMatches("image/png", png)).toBe(true);
    expect(contentMatches("image/png", bytes("GIF89a...."))).toBe(false);
  });

  it("knows JSON by its opening brace, after a byte-order mark or whitespace", () => {
    expect(contentMatches("application/json", bytes('{"spec":"chara_card_v2"}'))).toBe(true);
    expect(contentMatches("application/json", bytes('\ufeff\n  {"name":"Mia"}'))).toBe(true);
    expect(contentMatches("application/json", bytes("<html>"))).toBe(false);
    expect(contentMatches("application/json", bytes("[1,2]"))).toBe(false);
  });
});
