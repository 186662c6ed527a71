import type { Model } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { characterChoices } from "./character-choices";

function model(id: number, name: string): Model {
  return {
    id,
    name,
    age: 24,
    gender: "female",
    tagline: "",
    description: "",
    personality: "",
    hobbies: [],
    relationship: "",
    first_msg: "",
    user_first_msg_help: "",
    avatar_url: `/media/${id}.webp`,
    cover_url: `/media/${id}-cover.webp`,
    photo_count: 0,
    video_count: 0,
  };
}

describe("characterChoices", () => {
  it("puts the user's own characters first, then the catalog's, in their order", () => {
    const choices = characterChoices([model(10, "Mine")], [model(1, "Ava"), model(2, "Mia")]);
    expect(choices.map((choice) => [choice.model.name, choice.own])).toEqual([
      ["Mine", true],
      ["Ava", false],
      ["Mia", false],
    ]);
  });

  it("lists a character only once", () => {
    const choices = characterChoices([model(10, "Mine")], [model(10, "Mine"), model(1, "Ava")]);
    expect(choices.map((choice) => choice.model.id)).toEqual([10, 1]);
  });

  it("is empty when there is nothing to pick", () => {
    expect(characterChoices([], [])).toEqual([]);
  });
});
