import { describe, expect, it } from "vitest";
import type { MemoryFact } from "../types.ts";
import { townsIn } from "./gazetteer.ts";
import { extractFactsByRules } from "./rules.ts";

describe("townsIn", () => {
  it("knows a town written in lower case, as the gazetteer writes it", () => {
    expect(townsIn("sunderland lost again so the whole street's sulking")).toEqual(["Sunderland"]);
    expect(townsIn("wollongong traffic was a nightmare")).toEqual(["Wollongong"]);
  });

  it("takes the longest name, and the name people use: New York (City), not York", () => {
    expect(townsIn("new york was loud today")).toEqual(["New York City"]);
    expect(townsIn("stoke is grim in the rain")).toEqual(["Stoke-on-Trent"]);
  });

  it("counts a town that is also a word only with a capital inside a sentence or after 'in', 'from', 'to'", () => {
    expect(townsIn("reading is my favourite way to switch off")).toEqual([]);
    expect(townsIn("that was nice")).toEqual([]);
    expect(townsIn("had a tire burst on the way to work")).toEqual([]);
    expect(townsIn("we had a lovely weekend in Reading")).toEqual(["Reading"]);
    expect(townsIn("back to bath tomorrow")).toEqual(["Bath"]);
  });

  it("leaves out a name said as someone's, and the names it is told to", () => {
    expect(townsIn("i'm Florence by the way")).toEqual([]);
    expect(townsIn("my cat Paris is asleep")).toEqual([]);
    expect(townsIn("hi sofia", new Set(["sofia"]))).toEqual([]);
  });
});

describe("a town talked about, read by the rules", () => {
  const read = (userMessage: string, known: MemoryFact[] = [], characterName = "Mara") =>
    extractFactsByRules({
      characterName,
      userName: null,
      userMessage,
      reply: "",
      known,
      today: "2026-03-02",
    });

  it("is remembered as talked about when no rule read a place", () => {
    expect(read("sunderland lost again so the whole street's sulking")).toContainEqual({
      kind: "place",
      subject: "Sunderland",
      text: "talked about Sunderland",
      date: null,
    });
  });

  it("is not the user's when it is someone else's, a month, or the character's name", () => {
    const places = (message: string, name?: string) =>
      read(message, [], name).filter((item) => item.kind === "place");
    expect(places("flying out to see my brother in Lisbon next week")).toEqual([]);
    expect(places("they're doing layoffs in march")).toEqual([]);
    expect(places("hi sofia", "Sofia Reyes")).toEqual([]);
  });

  it("is a town, not the name of someone mentioned just before", () => {
    const known: MemoryFact[] = [
      { kind: "person", subject: "mother", text: "mentioned their mother", date: null },
    ];
    const found = read("Coimbra is so quiet in August, all the students are gone", known);
    expect(found.filter((item) => item.kind === "person")).toEqual([]);
    expect(found.filter((item) => item.kind === "place").map((item) => item.subject)).toEqual(["Coimbra"]);
  });

  it("is not read when a place is known already", () => {
    const known: MemoryFact[] = [{ kind: "place", subject: "Leeds", text: "lives in Leeds", date: null }];
    expect(read("sunderland lost again", known).filter((item) => item.kind === "place")).toEqual([]);
  });
});
