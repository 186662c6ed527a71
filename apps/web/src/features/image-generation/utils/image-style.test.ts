import { describe, expect, it } from "vitest";
import { mediumNote, styleForCategory, styleLabel } from "./image-style";

describe("styleForCategory", () => {
  it("draws the anime categories as anime and the others realistic", () => {
    expect(styleForCategory("anime_female")).toBe("anime");
    expect(styleForCategory("anime_male")).toBe("anime");
    expect(styleForCategory("female")).toBe("realistic");
    expect(styleForCategory("male")).toBe("realistic");
  });
});

describe("the styles the server offers", () => {
  const illustrations = [
    { value: "realistic", label: "Illustration", description: "A soft painted illustration" },
    { value: "anime", label: "Anime", description: "Drawn in anime style" },
  ] as const;

  it("names a style as the server does, and never promises a photo before it has said", () => {
    expect(styleLabel(illustrations, "realistic")).toBe("Illustration");
    expect(styleLabel(illustrations, "anime")).toBe("Anime");
    expect(styleLabel(undefined, "realistic")).toBe("Lifelike");
  });

  it("says so where the server draws illustrations", () => {
    expect(mediumNote("illustrations")).toMatch(/illustrations, not photos/);
    expect(mediumNote("photographs")).toBeNull();
    expect(mediumNote(undefined)).toBeNull();
  });
});
