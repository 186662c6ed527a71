import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT } from "./builder-draft";
import { BUILDER_STEPS, stepOfField, stepsFor, traitsOfStep } from "./builder-steps";
import { stepProblems } from "./draft-validation";
import { TEST_TRAIT_LIST } from "./test-trait-list";
import { traitsForGender } from "./trait-options";

const ids = (steps: { id: string }[]) => steps.map((step) => step.id);

describe("stepsFor", () => {
  it("walks category, look, figure, personality, relationship, hobbies, voice, name, summary", () => {
    expect(ids(stepsFor(TEST_TRAIT_LIST))).toEqual([
      "category",
      "look",
      "body",
      "personality",
      "relationship",
      "hobbies",
      "voice",
      "details",
      "summary",
    ]);
  });

  it("skips a step with nothing offered", () => {
    const withoutVoice = TEST_TRAIT_LIST.filter((trait) => trait.key !== "voice");
    expect(ids(stepsFor(withoutVoice))).not.toContain("voice");
  });
});

describe("traitsOfStep", () => {
  it("gives a step's traits in the step's order, as offered", () => {
    const figure = BUILDER_STEPS.find((step) => step.id === "body");
    if (!figure) throw new Error("no figure step");
    const keys = (gender: "female" | "male") =>
      traitsOfStep(figure, traitsForGender(TEST_TRAIT_LIST, gender)).map((trait) => trait.key);
    expect(keys("female")).toEqual(["body_type", "breast_type", "butt_size"]);
    expect(keys("male")).toEqual(["body_type", "butt_size"]);
  });
});

describe("stepOfField", () => {
  it("finds where a field is picked", () => {
    expect(stepOfField("gender")).toBe("category");
    expect(stepOfField("eyes_color")).toBe("look");
    expect(stepOfField("breast_type")).toBe("body");
    expect(stepOfField("hobbies")).toBe("hobbies");
    expect(stepOfField("age")).toBe("details");
    expect(stepOfField("description")).toBe("details");
  });
});

describe("stepProblems", () => {
  const step = (id: string) => {
    const found = BUILDER_STEPS.find((candidate) => candidate.id === id);
    if (!found) throw new Error(id);
    return found;
  };
  const offered = traitsForGender(TEST_TRAIT_LIST, "female");

  it("asks for a category first", () => {
    expect(stepProblems(step("category"), EMPTY_DRAFT, offered)).toEqual([
      { field: "gender", message: "Choose a category." },
    ]);
    expect(stepProblems(step("category"), { ...EMPTY_DRAFT, gender: "male" }, offered)).toEqual([]);
  });

  it("asks for each trait of the step not chosen yet", () => {
    const draft = { ...EMPTY_DRAFT, gender: "female" as const, traits: { ethnicity: ["asian"] } };
    expect(stepProblems(step("look"), draft, offered).map((problem) => problem.field)).toEqual([
      "hair_style",
      "eyes_color",
    ]);
  });

  it("asks for at least one hobby", () => {
    expect(stepProblems(step("hobbies"), { ...EMPTY_DRAFT, gender: "female" }, offered)).toEqual([
      { field: "hobbies", message: "Choose at least one: hobbies." },
    ]);
  });

  it("checks name, age and description on the details step", () => {
    const draft = { ...EMPTY_DRAFT, name: "x".repeat(41), age: "100", description: "y".repeat(2001) };
    expect(stepProblems(step("details"), draft, offered)).toEqual([
      { field: "name", message: "Keep the name to 40 characters." },
      { field: "age", message: "Choose an age up to 99." },
      { field: "description", message: "Keep the description to 2000 characters." },
    ]);
  });
});
