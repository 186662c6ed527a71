import { describe, expect, it } from "vitest";
import { luminance } from "../../providers/image/procedural/color.ts";
import { buildCharacterSvg } from "../../providers/image/procedural/index.ts";
import { ETHNICITIES, EYE_COLORS, HAIR_STYLES } from "./trait-options.ts";
import { previewLook, previewOptions } from "./trait-previews.ts";

const REALISTIC = ["female", "male"] as const;

describe("the constructor's portrait previews", () => {
  it("gives each ethnicity tile its own common hair and eyes, not only another skin tone", () => {
    for (const gender of REALISTIC) {
      const looks = ETHNICITIES.filter((option) => option.genders.includes(gender)).map((option) =>
        previewLook(gender, { ethnicity: option.value }),
      );
      expect(new Set(looks.map((look) => look.skin)).size).toBe(looks.length);
      expect(
        new Set(looks.map((look) => `${look.hair.style}:${look.hair.color}`)).size,
      ).toBeGreaterThanOrEqual(5);
      expect(new Set(looks.map((look) => look.eyes)).size).toBeGreaterThanOrEqual(4);
    }
  });

  it("does not draw Latin characters pale", () => {
    const skin = (ethnicity: string) => previewLook("female", { ethnicity }).skin;
    expect(luminance(skin("latin"))).toBeLessThan(0.6);
    expect(luminance(skin("latin"))).toBeLessThan(luminance(skin("european")) - 0.15);
    expect(luminance(skin("latin"))).toBeLessThan(luminance(skin("east_asian")) - 0.1);
  });

  it("shows the chosen hair and eyes over the typical ones, in the colours chosen", () => {
    expect(
      previewOptions("female", { ethnicity: "latin", hair_style: "pixie_platinum", eyes_color: "green" }),
    ).toEqual({
      ethnicity: "latin",
      hair_style: "pixie_platinum",
      eyes_color: "green",
    });
    const look = previewLook("female", {
      ethnicity: "latin",
      hair_style: "pixie_platinum",
      eyes_color: "green",
    });
    const pixie = HAIR_STYLES.find((option) => option.value === "pixie_platinum");
    const green = EYE_COLORS.find((option) => option.value === "green");
    expect(look.hair).toMatchObject({ style: "pixie", color: pixie?.color });
    expect(look.eyes).toBe(green?.color);
    // the portrait has a face: its eyes are drawn in the chosen colour
    const svg = buildCharacterSvg({
      look,
      scene: "studio",
      style: "realistic",
      seed: "preview",
      width: 240,
      height: 300,
      pose: { framing: "close" },
    });
    expect(svg.foreground.toLowerCase()).toContain(green?.color.toLowerCase());
  });

  it("answers a 400 for an option the category does not offer", () => {
    expect(() => previewOptions("male", { hair_style: "long_blonde" })).toThrow(/not offered/);
  });
});
