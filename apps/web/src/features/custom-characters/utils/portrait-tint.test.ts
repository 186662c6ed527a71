import { describe, expect, it } from "vitest";
import { portraitTint } from "./portrait-tint";

describe("portraitTint", () => {
  it("reads colours from the words of the choices", () => {
    const tint = portraitTint("female", {
      ethnicity: ["east_asian"],
      hair_style: ["long_blonde"],
      eyes_color: ["green"],
    });
    expect(tint.skin).toBe("#ecc7a4");
    expect(tint.hair).toBe("#d8b26a");
    expect(tint.eyes).toBe("#4f7a4a");
    expect(portraitTint("female", { ethnicity: ["south_asian"] }).skin).toBe("#a86f45");
    expect(portraitTint("anime_female", { hair_style: ["bob_lavender"] }).hair).toBe("#9b7bd8");
    expect(tint.hairLength).toBe("long");
  });

  it("reads the shape from the hair style and body type", () => {
    expect(portraitTint("male", { hair_style: ["buzz_dark"] }).hairLength).toBe("short");
    expect(portraitTint("male", { hair_style: ["quiff_brown"] }).hairLength).toBe("short");
    expect(portraitTint("female", { hair_style: ["wavy_red"] }).hairLength).toBe("long");
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
