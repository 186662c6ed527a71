import { describe, expect, it } from "vitest";
import { PROMPT_MAX_LENGTH, promptProblem, withSuggestion } from "./prompt";

describe("promptProblem", () => {
  it("asks for a description when the prompt is empty or blank", () => {
    expect(promptProblem("")).toBe("Describe the picture.");
    expect(promptProblem("   \n ")).toBe("Describe the picture.");
  });

  it("refuses a prompt longer than the limit once trimmed", () => {
    expect(PROMPT_MAX_LENGTH).toBe(500);
    expect(promptProblem("a".repeat(501))).toBe("Keep it to 500 characters.");
    expect(promptProblem(` ${"a".repeat(500)} `)).toBeNull();
  });

  it("accepts a described picture", () => {
    expect(promptProblem("smiling at the beach")).toBeNull();
  });
});

describe("withSuggestion", () => {
  it("starts an empty prompt with the suggestion", () => {
    expect(withSuggestion("", "at the beach")).toBe("at the beach");
    expect(withSuggestion("  ", "at the beach")).toBe("at the beach");
  });

  it("adds the suggestion after a comma, tidying a trailing comma or spaces", () => {
    expect(withSuggestion("in a red dress", "at the beach")).toBe("in a red dress, at the beach");
    expect(withSuggestion("in a red dress, ", "at the beach")).toBe("in a red dress, at the beach");
  });

  it("leaves the prompt alone when the suggestion is already in it", () => {
    expect(withSuggestion("Smiling At The Beach", "at the beach")).toBe("Smiling At The Beach");
  });

  it("leaves the prompt alone when the suggestion would make it too long", () => {
    const long = "a".repeat(PROMPT_MAX_LENGTH - 5);
    expect(withSuggestion(long, "at the beach")).toBe(long);
  });
});
