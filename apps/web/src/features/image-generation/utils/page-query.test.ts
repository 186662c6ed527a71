import { describe, expect, it } from "vitest";
import { parseModelId, parseView } from "./page-query";

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
