import type { TraitDefinition } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { editableTraits, maxValues, optionLabel, storedTraitValues, traitsForGender } from "./trait-options";

const ALL = ["female", "male", "anime_female", "anime_male"] as const;

const TRAITS: TraitDefinition[] = [
  {
    key: "hair_style",
    label: "Hair",
    multiple: false,
    max: 1,
    options: [
      { value: "long", label: "Long", image_url: null, icon: null, genders: [...ALL] },
      {
        value: "pink_twin_tails",
        label: "Pink twin tails",
        image_url: null,
        icon: null,
        genders: ["anime_female"],
      },
      { value: "buzz", label: "Buzz cut", image_url: null, icon: null, genders: ["male", "anime_male"] },
    ],
  },
  {
    key: "breast_type",
    label: "Breasts",
    multiple: false,
    max: 1,
    // even if the server listed one for a male category, a male category has no breast type
    options: [{ value: "medium", label: "Medium", image_url: null, icon: null, genders: [...ALL] }],
  },
  {
    key: "voice",
    label: "Voice",
    multiple: false,
    max: 1,
    options: [{ value: "kawaii", label: "Kawaii", image_url: null, icon: null, genders: ["anime_female"] }],
  },
  {
    key: "hobbies",
    label: "Hobbies",
    multiple: true,
    max: 3,
    options: [{ value: "yoga", label: "Yoga", image_url: null, icon: "dumbbell", genders: [...ALL] }],
  },
];

const keys = (traits: TraitDefinition[]) => traits.map((trait) => trait.key);
const values = (trait: TraitDefinition | undefined) => trait?.options.map((option) => option.value);

describe("traitsForGender", () => {
  it("keeps only the options of the category", () => {
    const female = traitsForGender(TRAITS, "female");
    expect(values(female.find((trait) => trait.key === "hair_style"))).toEqual(["long"]);
    const animeFemale = traitsForGender(TRAITS, "anime_female");
    expect(values(animeFemale.find((trait) => trait.key === "hair_style"))).toEqual([
      "long",
      "pink_twin_tails",
    ]);
  });

  it("offers a breast type in female categories only", () => {
    expect(keys(traitsForGender(TRAITS, "female"))).toContain("breast_type");
    expect(keys(traitsForGender(TRAITS, "anime_female"))).toContain("breast_type");
    expect(keys(traitsForGender(TRAITS, "male"))).not.toContain("breast_type");
    expect(keys(traitsForGender(TRAITS, "anime_male"))).not.toContain("breast_type");
  });

  it("drops a trait with no option for the category", () => {
    expect(keys(traitsForGender(TRAITS, "male"))).toEqual(["hair_style", "hobbies"]);
  });

  it("leaves the trait list itself untouched", () => {
    traitsForGender(TRAITS, "male");
    expect(TRAITS[0]?.options).toHaveLength(3);
  });
});

describe("maxValues", () => {
  it("is one for a single trait, whatever its max", () => {
    expect(maxValues({ multiple: false, max: 4 })).toBe(1);
  });

  it("is the max of a multiple one", () => {
    expect(maxValues({ multiple: true, max: 3 })).toBe(3);
  });
});

describe("optionLabel", () => {
  it("names a value by its label, or by itself when unknown", () => {
    expect(optionLabel(TRAITS[0], "long")).toBe("Long");
    expect(optionLabel(TRAITS[0], "mohawk")).toBe("mohawk");
    expect(optionLabel(undefined, "mohawk")).toBe("mohawk");
  });
});

describe("storedTraitValues", () => {
  it("splits hobbies again and keeps every other trait's one value", () => {
    expect(storedTraitValues({ hobbies: "yoga, travel", voice: "soft", hair_style: " " })).toEqual({
      hobbies: ["yoga", "travel"],
      voice: ["soft"],
    });
  });
});

describe("editableTraits", () => {
  it("offers every trait of a built character and only the voice of an imported one", () => {
    expect(editableTraits(TRAITS, "builder").map((trait) => trait.key)).toEqual(
      TRAITS.map((trait) => trait.key),
    );
    expect(editableTraits(TRAITS, "card").map((trait) => trait.key)).toEqual(["voice"]);
  });
});
