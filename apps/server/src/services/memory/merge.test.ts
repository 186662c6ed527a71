import { describe, expect, it } from "vitest";
import type { MemoryFact } from "../../providers/llm/types.ts";
import { MEMORY_MAX_FACTS, memoryKey, mergeMemory } from "./merge.ts";

const fact = (
  kind: MemoryFact["kind"],
  subject: string,
  text: string,
  date: string | null = null,
): MemoryFact => ({
  kind,
  subject,
  text,
  date,
});

describe("mergeMemory", () => {
  it("adds new facts after the known ones", () => {
    const known = [fact("pet", "Biscuit", "has a dog called Biscuit")];
    const merged = mergeMemory(known, [fact("like", "jazz", "likes jazz")]);
    expect(merged).toEqual([known[0], fact("like", "jazz", "likes jazz")]);
  });

  it.each(["name", "job", "place"] as const)("a new %s replaces the old one whatever its subject", (kind) => {
    const known = [fact(kind, "old", "the old one"), fact("pet", "Biscuit", "has a dog called Biscuit")];
    const merged = mergeMemory(known, [fact(kind, "new", "the new one")]);
    expect(merged).toEqual([known[1], fact(kind, "new", "the new one")]);
  });

  it("a town only talked about never replaces where the user said they live, and is replaced by it", () => {
    const lives = fact("place", "Leeds", "lives in Leeds");
    const talked = fact("place", "Sunderland", "talked about Sunderland");
    expect(mergeMemory([lives], [talked])).toEqual([lives]);
    expect(mergeMemory([talked], [lives])).toEqual([lives]);
  });

  it("replaces a fact on the same subject, case and spacing ignored, and moves it to the end", () => {
    const known = [
      fact("date", "the exam", "has an exam", "2026-12-01"),
      fact("pet", "Biscuit", "has a dog called Biscuit"),
    ];
    const merged = mergeMemory(known, [fact("date", "The  Exam", "has a maths exam", "2026-12-04")]);
    expect(merged).toEqual([known[1], fact("date", "The Exam", "has a maths exam", "2026-12-04")]);
  });

  it("keeps facts of other kinds on the same subject apart", () => {
    const known = [fact("person", "Lena", "Lena is their sister")];
    const merged = mergeMemory(known, [fact("worry", "Lena", "worries about Lena's health")]);
    expect(merged).toHaveLength(2);
  });

  it("keeps a known date when the newer fact gives none, and takes a new one", () => {
    const known = [fact("event", "the move", "is moving flat", "2026-12-10")];
    expect(mergeMemory(known, [fact("event", "the move", "is moving to Leeds")])).toEqual([
      fact("event", "the move", "is moving to Leeds", "2026-12-10"),
    ]);
    expect(mergeMemory(known, [fact("event", "the move", "is moving flat", "2026-12-20")])).toEqual([
      fact("event", "the move", "is moving flat", "2026-12-20"),
    ]);
  });

  it("returns unchanged known facts as the same objects, also when a found fact says nothing new", () => {
    const known = [fact("pet", "Biscuit", "has a dog called Biscuit"), fact("name", "", "Sam")];
    const merged = mergeMemory(known, [fact("pet", "Biscuit", "  has a dog called   Biscuit ")]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toBe(known[0]);
    expect(merged[1]).toBe(known[1]);
  });

  it("keys facts without a subject by their text", () => {
    expect(memoryKey(fact("like", "", "Likes Jazz"))).toBe(memoryKey(fact("like", "", "likes jazz")));
    const merged = mergeMemory([fact("like", "", "likes jazz")], [fact("like", "", "likes rain")]);
    expect(merged).toHaveLength(2);
  });

  it("drops found facts without text and lets the last of two found facts on one subject win", () => {
    const merged = mergeMemory(
      [],
      [
        fact("pet", "Biscuit", "   "),
        fact("pet", "Rex", "has a dog, Rex"),
        fact("pet", "rex", "has a puppy, Rex"),
      ],
    );
    expect(merged).toEqual([fact("pet", "rex", "has a puppy, Rex")]);
  });

  it("does not change its inputs", () => {
    const known = Object.freeze([Object.freeze(fact("job", "", "nurse"))]);
    const found = Object.freeze([Object.freeze(fact("job", "", "teacher"))]);
    expect(mergeMemory(known, found)).toEqual([fact("job", "", "teacher")]);
    expect(known[0]?.text).toBe("nurse");
  });

  it("holds at most the cap, dropping the oldest facts but never the name", () => {
    const name = fact("name", "", "Sam");
    const known = [
      name,
      ...Array.from({ length: MEMORY_MAX_FACTS - 1 }, (_, i) =>
        fact("like", `thing ${i}`, `likes thing ${i}`),
      ),
    ];
    const merged = mergeMemory(known, [
      fact("like", "new", "likes new things"),
      fact("self", "home", "lives by the sea"),
    ]);
    expect(merged).toHaveLength(MEMORY_MAX_FACTS);
    expect(merged[0]).toBe(name);
    expect(merged.map((f) => f.subject)).not.toContain("thing 0");
    expect(merged.map((f) => f.subject)).not.toContain("thing 1");
    expect(merged.at(-1)).toEqual(fact("self", "home", "lives by the sea"));
  });

  it("takes a smaller cap", () => {
    const merged = mergeMemory([fact("like", "a", "a"), fact("like", "b", "b")], [fact("like", "c", "c")], 2);
    expect(merged.map((f) => f.subject)).toEqual(["b", "c"]);
  });
});
