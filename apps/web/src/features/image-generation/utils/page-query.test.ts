import { describe, expect, it } from "vitest";
import { generateImagePath, parseModelId, parseView } from "./page-query";

describe("parseView", () => {
  it("shows the pictures only when asked, the generator otherwise", () => {
    expect(parseView("pictures")).toBe("pictures");
    expect(parseView("generate")).toBe("generate");
    expect(parseView(null)).toBe("generate");
    expect(parseView("anything")).toBe("generate");
  });
});

describe("parseModelId", () => {
  it("reads a positive whole number", () => {
    expect(parseModelId("12")).toBe(12);
  });

  it("is null for anything else", () => {
    for (const value of [null, "", "0", "-3", "1.5", "1e3", "abc", " 4", "99999999999999999999"]) {
      expect(parseModelId(value)).toBeNull();
    }
  });
});

describe("generateImagePath", () => {
  it("links to the generator, with a character or on the pictures", () => {
    expect(generateImagePath()).toBe("/generate_image");
    expect(generateImagePath({ modelId: 7 })).toBe("/generate_image?model_id=7");
    expect(generateImagePath({ view: "pictures" })).toBe("/generate_image?view=pictures");
    expect(generateImagePath({ view: "generate" })).toBe("/generate_image");
  });

  it("reads back what it wrote", () => {
    const query = new URLSearchParams(generateImagePath({ modelId: 7, view: "pictures" }).split("?")[1]);
    expect(parseModelId(query.get("model_id"))).toBe(7);
    expect(parseView(query.get("view"))).toBe("pictures");
  });
});
