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

  it("draws a user's character from its traits, the same every time, with words for text prompts", () => {
    const traits = JSON.stringify({
      ethnicity: "east_asian",
      body_type: "athletic",
      eyes_color: "blue",
      hair_style: "bob_black",
      personality: "confident",
      hobbies: "reading,yoga",
      butt_size: "medium",
      breast_type: "large",
    });
    const look = lookForCharacter({ slug: "custom-abc-mia", gender: "female", traits });
    expect(look).toEqual(lookForCharacter({ slug: "custom-abc-mia", gender: "female", traits }));
    expect(look).toMatchObject({
      build: "feminine",
      skin: "#ecc7a4",
      hair: { style: "bob", color: "#2a1a14" },
      eyes: "#3f6e8c",
      favoriteScene: "library",
      descriptors: ["East Asian", "athletic build", "full bust"],
    });
    expect(["blazer", "shirt", "vneck"]).toContain(look.outfit.style);
  });
});
