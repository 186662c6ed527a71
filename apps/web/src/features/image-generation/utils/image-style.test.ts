import { describe, expect, it } from "vitest";
import { styleForCategory } from "./image-style";

describe("styleForCategory", () => {
  it("draws the anime categories as anime and the others realistic", () => {
    expect(styleForCategory("anime_female")).toBe("anime");
    expect(styleForCategory("anime_male")).toBe("anime");
    expect(styleForCategory("female")).toBe("realistic");
    expect(styleForCategory("male")).toBe("realistic");
  });
});
