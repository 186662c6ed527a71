import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CharacterBook, CharacterBookEntry } from "./card-data.ts";
import { parseCard } from "./card-format.ts";
import { readCardJsonFromPng } from "./card-png.ts";
import { activateLorebook, estimateTokens, matchLorebook } from "./lorebook.ts";

function entry(content: string, fields: Partial<CharacterBookEntry> = {}): CharacterBookEntry {
  return { keys: [], content, extensions: {}, enabled: true, insertion_order: 0, ...fields };
}

function book(entries: CharacterBookEntry[], fields: Partial<CharacterBook> = {}): CharacterBook {
  return { extensions: {}, entries, ...fields };
}

describe("matchLorebook", () => {
  it("adds enabled entries whose keys come up, and constant ones always", () => {
    const lore = book([
      entry("about the lighthouse", { keys: ["lighthouse"] }),
      entry("about the ferry", { keys: ["ferry"] }),
      entry("always", { constant: true }),
      entry("switched off", { keys: ["lighthouse"], enabled: false }),
      entry("constant but off", { constant: true, enabled: false }),
    ]);
    expect(matchLorebook(lore, ["Is the LIGHTHOUSE still dark?"])).toEqual([
      "about the lighthouse",
      "always",
    ]);
    expect(matchLorebook(lore, ["nothing here"])).toEqual(["always"]);
  });

  it("searches only the last scan_depth messages (4 unless the book says)", () => {
    const lore = book([entry("lore", { keys: ["ferry"] })]);
    const messages = ["the ferry left", "a", "b", "c", "d"];
    expect(matchLorebook(lore, messages)).toEqual([]);
    expect(matchLorebook(lore, messages.slice(0, 4))).toEqual(["lore"]);
    expect(matchLorebook({ ...lore, scan_depth: 5 }, messages)).toEqual(["lore"]);
    expect(matchLorebook({ ...lore, scan_depth: 0 }, ["ferry"])).toEqual([]);
  });

  it("is case-insensitive unless the entry is case_sensitive", () => {
    const lore = book([
      entry("sensitive", { keys: ["Grace"], case_sensitive: true }),
      entry("any", { keys: ["grace"] }),
    ]);
    expect(matchLorebook(lore, ["grace under pressure"])).toEqual(["any"]);
    expect(matchLorebook(lore, ["Old Grace"])).toEqual(["sensitive", "any"]);
  });

  it("matches word keys as whole words, other keys anywhere", () => {
    const lore = book([
      entry("cat", { keys: ["cat"] }),
      entry("new york", { keys: ["New York"] }),
      entry("c++", { keys: ["C++"] }),
      entry("tea", { keys: ["茶"] }),
      entry("café", { keys: ["café"] }),
    ]);
    expect(matchLorebook(lore, ["a category of New Yorkers"])).toEqual([]);
    expect(matchLorebook(lore, ["My cat, in New York."])).toEqual(["cat", "new york"]);
    expect(matchLorebook(lore, ["She writes C++daily"])).toEqual(["c++"]);
    expect(matchLorebook(lore, ["我们喝茶吧"])).toEqual(["tea"]);
    expect(matchLorebook(lore, ["cafés"])).toEqual([]);
    expect(matchLorebook(lore, ["CAFÉ!"])).toEqual(["café"]);
  });

  it("needs a secondary key too for selective entries that have them", () => {
    const lore = book([
      entry("selective", { keys: ["ferry"], selective: true, secondary_keys: ["captain", "favor"] }),
      entry("selective without secondary keys", { keys: ["ferry"], selective: true, secondary_keys: [] }),
      entry("not selective", { keys: ["ferry"], selective: false, secondary_keys: ["never"] }),
    ]);
    expect(matchLorebook(lore, ["the ferry is late"])).toEqual([
      "selective without secondary keys",
      "not selective",
    ]);
    expect(matchLorebook(lore, ["the ferry is late", "ask the Captain"])).toEqual([
      "selective",
      "selective without secondary keys",
      "not selective",
    ]);
  });

  it("orders by insertion_order, lower first", () => {
    const lore = book([
      entry("third", { constant: true, insertion_order: 30 }),
      entry("first", { constant: true, insertion_order: -5 }),
      entry("second", { keys: ["x"], insertion_order: 10 }),
    ]);
    expect(matchLorebook(lore, ["x"])).toEqual(["first", "second", "third"]);
  });

  it("keeps within the budget, leaving out lower priority first and constant entries last", () => {
    const text = (tokens: number) => "w".repeat(tokens * 4);
    const lore = book([
      entry(`low ${text(40)}`, { keys: ["x"], priority: 1, insertion_order: 1 }),
      entry(`high ${text(40)}`, { keys: ["x"], priority: 9, insertion_order: 2 }),
      entry(`constant ${text(40)}`, { constant: true, priority: 0, insertion_order: 3 }),
    ]);
    const kept = matchLorebook(lore, ["x"], { tokenBudget: 90 });
    expect(kept.map((content) => content.split(" ")[0])).toEqual(["high", "constant"]);
    expect(kept.reduce((sum, content) => sum + estimateTokens(content), 0)).toBeLessThanOrEqual(90);
    // the book's own budget, when lower than the caller's
    expect(matchLorebook({ ...lore, token_budget: 50 }, ["x"], { tokenBudget: 500 })).toHaveLength(1);
    // 512 by default
    const big = book(
      Array.from({ length: 10 }, (_, index) => entry(`${index} ${text(100)}`, { constant: true })),
    );
    expect(matchLorebook(big, [])).toHaveLength(5);
  });

  it("searches applied entries' contents only when the book asks for recursive scanning", () => {
    const lore = book([
      entry("The ferry belongs to the guild.", { keys: ["ferry"], insertion_order: 1 }),
      entry("The guild meets on Sundays.", { keys: ["guild"], insertion_order: 2 }),
    ]);
    expect(matchLorebook(lore, ["ferry?"])).toEqual(["The ferry belongs to the guild."]);
    expect(matchLorebook({ ...lore, recursive_scanning: true }, ["ferry?"])).toEqual([
      "The ferry belongs to the guild.",
      "The guild meets on Sundays.",
    ]);
  });

  it("takes keys literally, never as patterns, and leaves out use_regex entries", () => {
    const lore = book([
      entry("dots", { keys: ["a.b"] }),
      entry("regex", { keys: ["(a+)+$"], use_regex: true }),
      entry("regex constant", { constant: true, use_regex: true }),
    ]);
    expect(matchLorebook(lore, ["axb"])).toEqual([]);
    expect(matchLorebook(lore, ["see a.b here", `${"a".repeat(40)}!`])).toEqual(["dots"]);
  });

  it("cuts V3 decorators and leaves out empty contents", () => {
    const lore = book([
      entry("@@depth 5\n@@@instruct_depth 5\nThe harbor smells of diesel.", { constant: true }),
      entry("   ", { constant: true }),
      entry("@@activate_only_after 3", { constant: true }),
    ]);
    expect(matchLorebook(lore, [])).toEqual(["The harbor smells of diesel."]);
  });

  it("applies a lorebook written in SillyTavern's world info shape, its loose values read", () => {
    const card = parseCard({
      spec: "chara_card_v2",
      data: {
        name: "Wren",
        character_book: {
          scan_depth: "2",
          entries: {
            "0": { uid: 0, key: "harbor, dock", content: "The harbor.", order: "2", disable: "false" },
            "1": { uid: 1, key: ["fog"], content: "The fog.", order: "1", disable: "true" },
            "2": { uid: 2, key: [], content: "Always.", constant: "true", order: "3", position: "" },
            "3": {
              uid: 3,
              key: ["dock"],
              content: "Selective.",
              order: 4,
              selective: "true",
              keysecondary: "night",
            },
          },
        },
      },
    });
    const lore = card.character_book as CharacterBook;
    expect(matchLorebook(lore, ["the fog rolls into the dock"])).toEqual(["The harbor.", "Always."]);
    expect(matchLorebook(lore, ["the dock at night", "old news", "quiet"])).toEqual(["Always."]);
    expect(matchLorebook(lore, ["quiet", "the dock at night"])).toEqual([
      "The harbor.",
      "Always.",
      "Selective.",
    ]);
  });

  it("applies the V2 fixture card's lorebook", () => {
    const png = readFileSync(new URL("../../../test/fixtures/cards/v2-lorebook.png", import.meta.url));
    const lore = parseCard(readCardJsonFromPng(png)).character_book as CharacterBook;
    expect(matchLorebook(lore, ["Who has the key to the lighthouse?"])).toEqual([
      "Ines never talks about her brother unless asked twice.",
      "The lighthouse at Cape Ferro has been dark since the storm of '09; Ines keeps its key.",
    ]);
  });
});

describe("activateLorebook (decision 46)", () => {
  it("gives each entry its place: the spec's side, SillyTavern's numbered positions, depth and role", () => {
    const lore = book([
      entry("before", { constant: true, position: "before_char" }),
      entry("after", { constant: true, position: "after_char" }),
      entry("deep", { constant: true, extensions: { position: 4, depth: 2, role: 1 } }),
      // a book in world info's own shape keeps the settings on the entry
      { ...entry("note", { constant: true }), ...{ depth: 0 }, extensions: { position: 3 } },
      entry("example", { constant: true, extensions: { position: 5 } }),
    ]);
    expect(activateLorebook(lore, ["hi"])).toEqual([
      { content: "before", position: "before_char", depth: 4, role: "system" },
      { content: "after", position: "after_char", depth: 4, role: "system" },
      { content: "deep", position: "at_depth", depth: 2, role: "user" },
      { content: "note", position: "author_note_bottom", depth: 0, role: "system" },
      { content: "example", position: "examples_top", depth: 4, role: "system" },
    ]);
  });

  it("combines secondary keys by the entry's logic", () => {
    const withLogic = (selectiveLogic: number) =>
      book([
        entry("x", {
          keys: ["ship"],
          secondary_keys: ["storm", "rain"],
          selective: true,
          extensions: { selectiveLogic },
        }),
      ]);
    const texts = ["The ship sails into the storm."];
    expect(matchLorebook(withLogic(0), texts)).toEqual(["x"]); // and any
    expect(matchLorebook(withLogic(3), texts)).toEqual([]); // and all
    expect(matchLorebook(withLogic(2), texts)).toEqual([]); // not any
    expect(matchLorebook(withLogic(1), texts)).toEqual(["x"]); // not all
  });

  it("rolls an entry's probability from the conversation: the same messages, the same answer", () => {
    const lore = book([entry("maybe", { keys: ["moon"], extensions: { probability: 50 } })]);
    const outcomes = Array.from(
      { length: 40 },
      (_, index) => matchLorebook(lore, [`the moon ${index}`]).length,
    );
    expect(outcomes.filter(Boolean).length).toBeGreaterThan(8);
    expect(outcomes.filter(Boolean).length).toBeLessThan(32);
    expect(
      Array.from({ length: 40 }, (_, index) => matchLorebook(lore, [`the moon ${index}`]).length),
    ).toEqual(outcomes);
    expect(
      matchLorebook(book([entry("never", { keys: ["moon"], extensions: { probability: 0 } })]), ["moon"]),
    ).toEqual([]);
    // useProbability off: always
    expect(
      matchLorebook(
        book([entry("always", { keys: ["moon"], extensions: { probability: 0, useProbability: false } })]),
        ["moon"],
      ),
    ).toEqual(["always"]);
  });

  /** A conversation that alternates, the user first; the user's messages are given, the replies filler. */
  function conversation(userMessages: string[]): { texts: string[]; senders: ("user" | "model")[] } {
    const texts: string[] = [];
    const senders: ("user" | "model")[] = [];
    userMessages.forEach((message, index) => {
      if (index > 0) {
        texts.push("mm-hm");
        senders.push("model");
      }
      texts.push(message);
      senders.push("user");
    });
    return { texts, senders };
  }

  it("keeps a sticky entry for its messages after its keys stop coming up", () => {
    const lore = book([entry("the storm", { keys: ["storm"], extensions: { sticky: 5 } })], {
      scan_depth: 1,
    });
    const { texts, senders } = conversation(["a storm is coming", "ok", "fine", "and then?"]);
    // triggered at message 1; sticky until 1 + 5 = 6: the replies at 3 and 5 still have it, at 7 not
    const at = (count: number) =>
      matchLorebook(lore, texts.slice(0, count), { senders: senders.slice(0, count) });
    expect(at(1)).toEqual(["the storm"]);
    expect(at(3)).toEqual(["the storm"]);
    expect(at(5)).toEqual(["the storm"]);
    expect(at(7)).toEqual([]);
  });

  it("holds an entry back for its cooldown after it applied, after its sticky run when it has one", () => {
    const cooling = book([entry("the storm", { keys: ["storm"], extensions: { cooldown: 4 } })], {
      scan_depth: 1,
    });
    const { texts, senders } = conversation(["storm", "storm again", "storm once more", "storm!"]);
    const at = (lore: CharacterBook, count: number) =>
      matchLorebook(lore, texts.slice(0, count), { senders: senders.slice(0, count) });
    expect([1, 3, 5, 7].map((count) => at(cooling, count).length)).toEqual([1, 0, 1, 0]);
    const both = book([entry("the storm", { keys: ["storm"], extensions: { sticky: 3, cooldown: 4 } })], {
      scan_depth: 1,
    });
    // applied at 1, sticky through 3, then cooling down from 4 to 8
    expect([1, 3, 5, 7].map((count) => at(both, count).length)).toEqual([1, 1, 0, 0]);
    // without senders the messages are taken to alternate, ending with the user's
    expect(matchLorebook(both, texts.slice(0, 7))).toEqual([]);
  });

  it("waits for a delayed entry until the chat has that many messages", () => {
    const lore = book([entry("late", { constant: true, extensions: { delay: 3 } })]);
    expect(matchLorebook(lore, ["a", "b"])).toEqual([]);
    expect(matchLorebook(lore, ["a", "b", "c"])).toEqual(["late"]);
  });
});
