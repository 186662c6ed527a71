import type { TraitDefinition } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import {
  type BuilderDraft,
  EMPTY_DRAFT,
  isDraftStarted,
  parseDraft,
  pickValue,
  withGender,
  withTraitValue,
} from "./builder-draft";

const ALL = ["female", "male", "anime_female", "anime_male"] as const;
const option = (value: string, genders: readonly (typeof ALL)[number][] = ALL) => ({
  value,
  label: value,
  image_url: null,
  icon: null,
  genders: [...genders],
});

const HAIR: TraitDefinition = {
  key: "hair_style",
  label: "Hair",
  multiple: false,
  max: 1,
  options: [option("long"), option("twin_tails", ["anime_female"])],
};
const BREASTS: TraitDefinition = {
  key: "breast_type",
  label: "Breasts",
  multiple: false,
  max: 1,
  options: [option("medium", ["female", "anime_female"])],
};
const HOBBIES: TraitDefinition = {
  key: "hobbies",
  label: "Hobbies",
  multiple: true,
  max: 2,
  options: [option("yoga"), option("travel"), option("gaming")],
};

describe("pickValue", () => {
  it("replaces the value of a single trait", () => {
    expect(pickValue(["long"], HAIR, "short")).toEqual(["short"]);
  });

  it("toggles the values of a multiple trait", () => {
    expect(pickValue(["yoga"], HOBBIES, "travel")).toEqual(["yoga", "travel"]);
    expect(pickValue(["yoga", "travel"], HOBBIES, "yoga")).toEqual(["travel"]);
  });

  it("stops at the trait's max", () => {
    expect(pickValue(["yoga", "travel"], HOBBIES, "gaming")).toEqual(["yoga", "travel"]);
  });
});

describe("withTraitValue", () => {
  it("records the pick under the trait's key", () => {
    const draft = withTraitValue(withTraitValue(EMPTY_DRAFT, HOBBIES, "yoga"), HAIR, "long");
    expect(draft.traits).toEqual({ hobbies: ["yoga"], hair_style: ["long"] });
  });
});

describe("withGender", () => {
  const chosen: BuilderDraft = {
    ...EMPTY_DRAFT,
    gender: "anime_female",
    traits: { hair_style: ["twin_tails"], breast_type: ["medium"], hobbies: ["yoga"] },
  };

  it("keeps what the new category offers and drops the rest", () => {
    const draft = withGender(chosen, "male", [HAIR, BREASTS, HOBBIES]);
    expect(draft.gender).toBe("male");
    expect(draft.traits).toEqual({ hobbies: ["yoga"] });
  });

  it("keeps everything when the category offers it", () => {
    expect(withGender(chosen, "anime_female", [HAIR, BREASTS, HOBBIES]).traits).toEqual(chosen.traits);
  });
});

describe("parseDraft", () => {
  it("reads back a stored draft", () => {
    const draft: BuilderDraft = {
      gender: "female",
      traits: { hobbies: ["yoga", "travel"] },
      name: "Mia",
      age: "24",
      description: "Warm and curious.",
      step: "summary",
    };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it("is null for nothing or for what is not a draft", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft("42")).toBeNull();
  });

  it("fills in what a stored draft lacks and drops what does not fit", () => {
    expect(parseDraft('{"gender":"robot","traits":{"hobbies":["yoga",3],"voice":"x"},"age":24}')).toEqual({
      ...EMPTY_DRAFT,
      traits: { hobbies: ["yoga"] },
    });
  });
});

describe("isDraftStarted", () => {
  it("is false for an untouched draft and true once anything is chosen or typed", () => {
    expect(isDraftStarted(EMPTY_DRAFT)).toBe(false);
    expect(isDraftStarted({ ...EMPTY_DRAFT, step: "look" })).toBe(false);
    expect(isDraftStarted({ ...EMPTY_DRAFT, gender: "male" })).toBe(true);
    expect(isDraftStarted({ ...EMPTY_DRAFT, name: "Mia" })).toBe(true);
    expect(isDraftStarted({ ...EMPTY_DRAFT, traits: { hobbies: [] } })).toBe(false);
  });
});
