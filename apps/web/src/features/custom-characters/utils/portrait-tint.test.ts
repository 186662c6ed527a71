import { describe, expect, it } from "vitest";
import { portraitTint } from "./portrait-tint";

describe("portraitTint", () => {
  it("reads colours from the words of the choices", () => {
    const tint = portraitTint("female", {
      ethnicity: ["asian"],
      hair_style: ["long_blonde"],
      eyes_color: ["green"],
    });
    expect(tint.skin).toBe("#e8c39e");
    expect(tint.hair).toBe("#dcb36a");
    expect(tint.eyes).toBe("#4f9a6a");
    expect(tint.hairLength).toBe("long");
  });

  it("reads the shape from the hair style and body type", () => {
    expect(portraitTint("male", { hair_style: ["buzz_cut"] }).hairLength).toBe("short");
    expect(portraitTint("male", { hair_style: ["bald"] }).hairLength).toBe("none");
    expect(portraitTint("male", { body_type: ["muscular"] }).build).toBe("broad");
    expect(portraitTint("female", { body_type: ["petite"] }).build).toBe("slim");
    expect(portraitTint("male", {}).feminine).toBe(false);
  });

  it("gives an unknown choice a steady colour of its own", () => {
    const first = portraitTint("female", { ethnicity: ["martian"], personality: ["sly"] });
    const again = portraitTint("female", { ethnicity: ["martian"], personality: ["sly"] });
    expect(again).toEqual(first);
    expect(first.skin).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("tints the backdrop by personality", () => {
    const caring = portraitTint("female", { personality: ["caring"] });
    const bold = portraitTint("female", { personality: ["dominant"] });
    expect(caring.backdrop).not.toEqual(bold.backdrop);
  });
});
