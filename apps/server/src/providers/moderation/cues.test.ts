import { describe, expect, it } from "vitest";
import { Reading } from "./cues.ts";

describe("a reading of a text", () => {
  it.each([
    "you are  14, my  dear\nand we\tdate",
    "hey babe, i missed you so much today, can't wait to see you tonight",
    "a,b , c -- d... e",
  ])("counts the words between two spans as splitting the gap would: %s", (text) => {
    const reading = new Reading(text);
    const spans: { start: number; end: number; text: string }[] = [];
    for (let start = 0; start <= text.length; start++)
      for (let end = start; end <= Math.min(text.length, start + 6); end++)
        spans.push({ start, end, text: text.slice(start, end) });
    for (const a of spans.filter((_, index) => index % 7 === 0))
      for (const b of spans.filter((_, index) => index % 5 === 0)) {
        const overlapping = a.start < b.end && b.start < a.end;
        const gap = text.slice(Math.min(a.end, b.end), Math.max(a.start, b.start)).trim();
        const expected = overlapping || gap === "" ? 0 : gap.split(/\s+/).length;
        expect(reading.tokensBetween(a, b)).toBe(expected);
      }
  });

  it("finds the ages of a text only where a number under 18 stands", () => {
    const ages = (text: string) =>
      new Reading(text).minors.filter((mention) => mention.kind === "age").map((mention) => mention.text);
    expect(ages("someone often listens to ten songs, i'm 29 and you're 31")).toEqual([]);
    expect(ages("she is fifteen, urfourteen, tengo14 anos").sort()).toEqual([
      "is fifteen",
      "she is fifteen",
      "tengo14 anos",
      "urfourteen",
    ]);
  });
});
