import { describe, expect, it } from "vitest";
import { CHARACTERS } from "../db/seed/characters.ts";
import { lookForCharacter } from "./character-looks.ts";

describe("character looks", () => {
  it("uses the catalog look of a seeded character", () => {
    const sofia = CHARACTERS.find((character) => character.slug === "sofia-reyes");
    expect(sofia).toBeDefined();
    expect(lookForCharacter({ slug: "sofia-reyes", gender: "female" })).toBe(sofia?.look);
  });

  it("gives any other character a stable look that fits its category", () => {
    const first = lookForCharacter({ slug: "custom-1", gender: "male" });
    expect(lookForCharacter({ slug: "custom-1", gender: "male" })).toEqual(first);
    expect(first.build).toBe("masculine");
    expect(lookForCharacter({ slug: "custom-2", gender: "anime_female" }).build).toBe("feminine");
  });
});
