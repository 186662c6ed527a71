import { describe, expect, it } from "vitest";
import { cardFileName } from "./card-file-name";

describe("cardFileName", () => {
  it("names the file after the character", () => {
    expect(cardFileName("Mia Rose", "png")).toBe("Mia-Rose.card.png");
    expect(cardFileName("Zoë", "json")).toBe("Zoe.card.json");
  });

  it("leaves out what file systems refuse", () => {
    expect(cardFileName('a/b\\c:"d"?', "png")).toBe("abcd.card.png");
  });

  it("falls back to a plain name when nothing is left", () => {
    expect(cardFileName("ミア", "png")).toBe("character.card.png");
    expect(cardFileName("  ", "json")).toBe("character.card.json");
  });
});
