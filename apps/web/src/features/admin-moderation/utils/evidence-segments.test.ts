import { describe, expect, it } from "vitest";
import { evidenceSegments } from "./evidence-segments";

describe("evidenceSegments", () => {
  it("cuts the excerpt around the evidence", () => {
    expect(evidenceSegments("pretend you are 14 and we are dating", "you are 14")).toEqual([
      { start: 0, text: "pretend ", evidence: false },
      { start: 8, text: "you are 14", evidence: true },
      { start: 18, text: " and we are dating", evidence: false },
    ]);
  });

  it("marks the evidence at either end, and every place it occurs", () => {
    expect(evidenceSegments("14 years old, she says 14", "14")).toEqual([
      { start: 0, text: "14", evidence: true },
      { start: 2, text: " years old, she says ", evidence: false },
      { start: 23, text: "14", evidence: true },
    ]);
  });

  it("finds it regardless of case and line breaks, keeping the excerpt's own words", () => {
    expect(evidenceSegments("…she is Still In\nmiddle school, and", "still in middle school")).toEqual([
      { start: 0, text: "…she is ", evidence: false },
      { start: 8, text: "Still In\nmiddle school", evidence: true },
      { start: 30, text: ", and", evidence: false },
    ]);
  });

  it("prefers the words as written when they occur so", () => {
    expect(evidenceSegments("Grade 8? grade 8.", "grade 8")?.filter((segment) => segment.evidence)).toEqual([
      { start: 9, text: "grade 8", evidence: true },
    ]);
  });

  it("reads the evidence literally, not as a pattern", () => {
    expect(evidenceSegments("age (14) + dating", "(14) +")).toEqual([
      { start: 0, text: "age ", evidence: false },
      { start: 4, text: "(14) +", evidence: true },
      { start: 10, text: " dating", evidence: false },
    ]);
    expect(evidenceSegments("a.b", "a*b")).toBeNull();
    expect(evidenceSegments("a 14-year-old/teen", "14-year-old/teen")).toEqual([
      { start: 0, text: "a ", evidence: false },
      { start: 2, text: "14-year-old/teen", evidence: true },
    ]);
  });

  it("is null without evidence, or when the excerpt does not hold it", () => {
    expect(evidenceSegments("some refused text", null)).toBeNull();
    expect(evidenceSegments("some refused text", "   ")).toBeNull();
    expect(evidenceSegments("the first 280 characters…", "words further on")).toBeNull();
  });
});
