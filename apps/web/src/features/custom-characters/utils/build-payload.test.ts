import type { CustomModel } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { buildCustomModelPayload, buildCustomModelUpdate, draftFromModel } from "./build-payload";
import { type BuilderDraft, EMPTY_DRAFT } from "./builder-draft";
import { TEST_TRAIT_LIST } from "./test-trait-list";
import { traitsForGender } from "./trait-options";

const COMPLETE: BuilderDraft = {
  gender: "female",
  traits: {
    ethnicity: ["latina"],
    body_type: ["slim"],
    breast_type: ["medium"],
    butt_size: ["round"],
    eyes_color: ["brown"],
    hair_style: ["long_blonde"],
    personality: ["caring"],
    relationship: ["girlfriend"],
    hobbies: ["yoga", "travel"],
    voice: ["soft"],
  },
  name: "  Mia ",
  age: "24",
  description: " Loves rainy mornings. ",
  step: "summary",
};

describe("buildCustomModelPayload", () => {
  it("builds the spec's payload: hobbies joined by commas, age a number, text trimmed", () => {
    expect(buildCustomModelPayload(COMPLETE, TEST_TRAIT_LIST)).toEqual({
      ok: true,
      payload: {
        gender: "female",
        name: "Mia",
        age: 24,
        ethnicity: "latina",
        body_type: "slim",
        breast_type: "medium",
        butt_size: "round",
        eyes_color: "brown",
        hair_style: "long_blonde",
        personality: "caring",
        relationship: "girlfriend",
        hobbies: "yoga,travel",
        voice: "soft",
        description: "Loves rainy mornings.",
      },
    });
  });

  it("sends no breast type for a male category, whatever the draft holds", () => {
    const result = buildCustomModelPayload({ ...COMPLETE, gender: "male" }, TEST_TRAIT_LIST);
    expect(result.ok && "breast_type" in result.payload).toBe(false);
  });

  it("asks for a breast type in female categories", () => {
    const { breast_type: _left, ...traits } = COMPLETE.traits;
    const result = buildCustomModelPayload({ ...COMPLETE, traits }, TEST_TRAIT_LIST);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: "breast_type", message: "Choose the breast type." }],
    });
  });

  it("refuses an age under 18 before sending", () => {
    const result = buildCustomModelPayload({ ...COMPLETE, age: "17" }, TEST_TRAIT_LIST);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: "age", message: "Characters are adults: 18 or older." }],
    });
  });

  it("refuses an age that is not a whole number", () => {
    for (const age of ["", "twenty", "18.5", "-20"]) {
      const result = buildCustomModelPayload({ ...COMPLETE, age }, TEST_TRAIT_LIST);
      expect(result.ok ? null : result.problems.map((problem) => problem.field)).toEqual(["age"]);
    }
  });

  it("needs a category first", () => {
    expect(buildCustomModelPayload(EMPTY_DRAFT, TEST_TRAIT_LIST)).toEqual({
      ok: false,
      problems: [{ field: "gender", message: "Choose a category." }],
    });
  });

  it("lists every problem in step order", () => {
    const result = buildCustomModelPayload({ ...EMPTY_DRAFT, gender: "male" }, TEST_TRAIT_LIST);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual([
      "ethnicity",
      "hair_style",
      "eyes_color",
      "body_type",
      "butt_size",
      "personality",
      "relationship",
      "hobbies",
      "voice",
      "name",
      "age",
    ]);
  });

  it("treats a value the trait list no longer offers as not chosen", () => {
    const traits = { ...COMPLETE.traits, voice: ["robotic"] };
    const result = buildCustomModelPayload({ ...COMPLETE, traits }, TEST_TRAIT_LIST);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual(["voice"]);
  });
});

const MODEL = {
  id: 7,
  name: "Mia",
  age: 24,
  gender: "female",
  description: "Loves rainy mornings.",
  traits: {
    ethnicity: "latina",
    hair_style: "long_blonde",
    hobbies: "yoga, travel",
  },
} as unknown as CustomModel;

describe("draftFromModel", () => {
  it("starts an edit from the character as it is", () => {
    expect(draftFromModel(MODEL)).toEqual({
      gender: "female",
      traits: { ethnicity: ["latina"], hair_style: ["long_blonde"], hobbies: ["yoga", "travel"] },
      name: "Mia",
      age: "24",
      description: "Loves rainy mornings.",
      step: "summary",
    });
  });
});

const FEMALE_TRAITS = traitsForGender(TEST_TRAIT_LIST, "female");

describe("buildCustomModelUpdate", () => {
  it("sends nothing when nothing changed", () => {
    expect(buildCustomModelUpdate(MODEL, draftFromModel(MODEL), FEMALE_TRAITS)).toEqual({
      ok: true,
      payload: {},
    });
  });

  it("sends only what changed", () => {
    const draft = draftFromModel(MODEL);
    const edited = {
      ...draft,
      age: "25",
      description: "Loves thunderstorms.",
      traits: { ...draft.traits, hair_style: ["short_black"], hobbies: ["gaming"] },
    };
    expect(buildCustomModelUpdate(MODEL, edited, FEMALE_TRAITS)).toEqual({
      ok: true,
      payload: { age: 25, description: "Loves thunderstorms.", hair_style: "short_black", hobbies: "gaming" },
    });
  });

  it("sends no trait the edit may not change (an imported character's look)", () => {
    const draft = draftFromModel(MODEL);
    const edited = { ...draft, traits: { ...draft.traits, hair_style: ["short_black"], voice: ["deep"] } };
    const voiceOnly = FEMALE_TRAITS.filter((trait) => trait.key === "voice");
    expect(buildCustomModelUpdate(MODEL, edited, voiceOnly)).toEqual({
      ok: true,
      payload: { voice: "deep" },
    });
  });

  it("checks the name and the age", () => {
    const draft = { ...draftFromModel(MODEL), name: " ", age: "16" };
    const result = buildCustomModelUpdate(MODEL, draft, FEMALE_TRAITS);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual(["name", "age"]);
  });
});
