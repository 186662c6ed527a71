import { describe, expect, it } from "vitest";
import { normalizeText, textReadings } from "./normalize.ts";

describe("the moderation text normaliser", () => {
  it.each([
    ["YOU'RE Fourteen", "you're fourteen"],
    ["Mädchen, Schülerin, niña, collégienne, heiß", "madchen, schulerin, nina, collegienne, heiss"],
    ["you are а 13 уеаr оld girl", "you are a 13 year old girl"], // Cyrillic а у е о
    ["yοu αre fοurteen", "you are fourteen"], // Greek ο α
    ["du bіst nаckt", "du bist nackt"], // Cyrillic і а
    ["ｆｏｕｒｔｅｅｎ １４", "fourteen 14"], // fullwidth
    ["𝐲𝐨𝐮𝐧𝐠 𝐭𝐞𝐞𝐧 𝟏𝟒", "young teen 14"], // mathematical bold
    ["1\u200b4 n\u00ada\u200dked", "14 naked"], // zero-width and soft hyphen
    ["n\u0337a\u0337k\u0337e\u0337d", "naked"], // combining overlays
    ["you’re “sweet”", 'you\'re "sweet"'],
  ])("undoes disguises: %s", (text, expected) => {
    expect(normalizeText(text)).toBe(expected);
  });

  it.each([
    ["f o u r t e e n", "fourteen"],
    ["t.e.e.n s-e-x", "teen sex"],
    ["s e x with a t e e n", "sex with a teen"],
    ["t u  a s  1 4  a n s", "tu as 14 ans"],
    ["you're 1 4 and", "you're 14 and"],
  ])("joins spaced and dotted letters: %s", (text, expected) => {
    expect(normalizeText(text)).toBe(expected);
  });

  it("keeps a list of single letters and a plain sentence apart", () => {
    expect(normalizeText("options a, b, c")).toBe("options a, b, c");
    expect(normalizeText("I am a big fan")).toBe("i am a big fan");
  });

  it("reads leetspeak as letters but keeps numbers with units as numbers", () => {
    const readings = textReadings("s3xy t33n 14yo l0l1 8th 5e h4i");
    expect(readings[0]).toBe("s3xy t33n 14yo l0l1 8th 5e h4i");
    expect(readings).toContain("sexy teen 14yo loli 8th 5e hai");
  });

  it("reads 1 and | both as i and as l", () => {
    expect(textReadings("1ittle k1d")).toEqual(expect.arrayContaining(["little kld", "iittle kid"]));
  });
});
