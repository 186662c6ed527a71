import { describe, expect, it } from "vitest";
import { CHARACTERS } from "../../db/seed/characters.ts";
import { stableDiffusionSize } from "./automatic1111.ts";
import { parsePictureDetails } from "./picture-details.ts";
import { SCENE_IDS } from "./procedural/index.ts";
import {
  buildImagePrompt,
  colorName,
  describeLook,
  lookForPicture,
  pictureScene,
  requestDetails,
  SAFETY_NEGATIVE_PROMPT,
} from "./prompt.ts";
import type { ImageRequest } from "./types.ts";

const found = CHARACTERS.find((character) => character.slug === "sofia-reyes");
if (!found) throw new Error("seed character sofia-reyes is missing");
const sofia = found;

function request(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return {
    character: { name: sofia.name, age: sofia.age, gender: sofia.gender, tagline: sofia.tagline },
    look: sofia.look,
    request: "send me a photo of you at the beach in a sun hat",
    scene: "beach_day",
    style: "realistic",
    seed: "chat:1:message:2",
    width: 720,
    height: 960,
    ...overrides,
  };
}

describe("image prompts", () => {
  it("describes the adult character, her look, the place and the request, fully clothed", () => {
    const { prompt, negativePrompt } = buildImagePrompt(request());
    expect(prompt).toContain("Sofia Reyes, a 27-year-old adult woman");
    expect(prompt).toContain("wavy dark brown hair");
    expect(prompt).toContain("wearing a red scoop-neck top");
    expect(prompt).toContain("on a sunny beach");
    expect(prompt).toContain("at the beach in a sun hat");
    expect(prompt).not.toMatch(/send me/i);
    expect(prompt).toContain("fully clothed");
    expect(prompt.startsWith("photograph, realistic")).toBe(true);
    expect(negativePrompt).toBe(SAFETY_NEGATIVE_PROMPT);
    for (const word of ["nude", "child", "underage", "teen"]) expect(negativePrompt).toContain(word);
  });

  it("switches to the anime style and to men's words for male characters", () => {
    const { prompt } = buildImagePrompt(
      request({ style: "anime", character: { name: "Kai", age: 30, gender: "anime_male", tagline: "" } }),
    );
    expect(prompt.startsWith("anime illustration")).toBe(true);
    expect(prompt).toContain("a 30-year-old adult man");
  });

  it("keeps only what the picture should show from the request", () => {
    expect(requestDetails("send me a photo of you at the beach")).toBe("at the beach");
    expect(requestDetails("Can I see a selfie?")).toBe("");
    expect(requestDetails("show me a pic wearing your red dress!!! <script>")).toBe(
      "wearing your red dress script",
    );
    expect(requestDetails(`send a photo in ${"a very long place ".repeat(20)}`).length).toBeLessThanOrEqual(
      160,
    );
  });

  it("names colours", () => {
    expect(colorName("#3b2519")).toBe("dark brown");
    expect(colorName("#d8b26a")).toBe("blonde");
    expect(colorName("#b8283a")).toBe("red");
    expect(colorName("#2b3a67")).toBe("navy");
  });

  it("describes facial hair and accessories", () => {
    const text = describeLook({ ...sofia.look, facialHair: "beard", accessories: ["glasses"] });
    expect(text).toContain("a trimmed beard");
    expect(text).toContain("glasses");
  });
});

describe("picture scenes", () => {
  it("uses the place the user names", () => {
    expect(pictureScene("a pic of you in the snow", sofia.look, "a")).toBe("snowy_cabin");
    expect(pictureScene("send a photo from the café", sofia.look, "b")).toBe("cafe");
    expect(pictureScene("Charles Bridge, violin, red coat", sofia.look, "c")).toBe("bridge");
    expect(pictureScene("a selfie at the beach at sunset", sofia.look, "d")).toBe("beach_sunset");
    expect(pictureScene("in bed, reading", sofia.look, "e")).toBe("bedroom");
  });

  it("varies with the seed when no place is named, and repeats for the same seed", () => {
    const scenes = new Set(
      Array.from({ length: 40 }, (_, index) => pictureScene("send me a photo", sofia.look, `seed-${index}`)),
    );
    expect(scenes.size).toBeGreaterThan(3);
    for (const scene of scenes) expect(SCENE_IDS).toContain(scene);
    expect(pictureScene("send me a photo", sofia.look, "x")).toBe(
      pictureScene("send me a photo", sofia.look, "x"),
    );
  });
});

describe("Stable Diffusion sizes", () => {
  it("keeps the aspect with the long side at 768 in multiples of 64", () => {
    expect(stableDiffusionSize(720, 960)).toEqual({ width: 576, height: 768 });
    expect(stableDiffusionSize(562, 748)).toEqual({ width: 576, height: 768 });
    expect(stableDiffusionSize(1000, 1000)).toEqual({ width: 768, height: 768 });
  });
});

describe("the look of one picture", () => {
  const parsed = (text: string) => parsePictureDetails(text);

  it("dresses the character as asked and keeps who they are", () => {
    const look = lookForPicture(sofia.look, parsed("Charles Bridge, violin, red coat"), "a");
    expect(look.outfit.style).toBe("jacket");
    expect(look.outfit.primary).toBe("#b8283a");
    expect(look.outfit.secondary).not.toBe(look.outfit.primary);
    expect({ ...look, outfit: sofia.look.outfit }).toEqual(sofia.look);
  });

  it("varies the outfit from picture to picture when none is asked for", () => {
    const outfits = new Set(
      Array.from({ length: 20 }, (_, index) => {
        const look = lookForPicture(sofia.look, parsed("send me a selfie"), `chat:1:message:${index}`);
        expect(look.hair).toEqual(sofia.look.hair);
        expect(look.skin).toBe(sofia.look.skin);
        return `${look.outfit.style}:${look.outfit.primary}`;
      }),
    );
    expect(outfits.size).toBeGreaterThan(5);
    expect(lookForPicture(sofia.look, parsed("a selfie"), "x")).toEqual(
      lookForPicture(sofia.look, parsed("a selfie"), "x"),
    );
  });
});
