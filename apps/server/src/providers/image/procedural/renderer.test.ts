import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blurredPreviews, thumbnail } from "../../../media/image-encoding.ts";
import {
  buildCharacterSvg,
  type CharacterLook,
  HAIR_STYLES,
  OUTFIT_STYLES,
  renderCharacterImage,
  renderCharacterPixels,
  SCENE_IDS,
} from "./index.ts";

const look: CharacterLook = {
  build: "feminine",
  skin: "#c68e5e",
  hair: { style: "wavy", color: "#3b2519" },
  eyes: "#5a3a22",
  outfit: { style: "scoop", primary: "#b8283a", secondary: "#f3d9c6" },
  accessories: ["earrings", "necklace"],
  favoriteScene: "rooftop",
};

const sha = (data: Uint8Array): string => createHash("sha256").update(data).digest("hex");

describe("procedural character renderer", () => {
  it("is deterministic for a seed and has the requested size", async () => {
    const options = {
      look,
      scene: "city_night",
      style: "realistic",
      seed: "sofia:photo-1",
      width: 240,
      height: 320,
    } as const;
    const first = await renderCharacterImage(options);
    const second = await renderCharacterImage(options);
    expect(sha(first)).toBe(sha(second));
    const meta = await sharp(first).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([240, 320]);
    expect(meta.hasAlpha).toBe(false);
  });

  it("gives different pictures for different seeds", async () => {
    const base = { look, scene: "studio", style: "anime", width: 160, height: 200 } as const;
    const a = await renderCharacterPixels({ ...base, seed: 1 });
    const b = await renderCharacterPixels({ ...base, seed: 2 });
    expect(sha(a.data)).not.toBe(sha(b.data));
  });

  it("renders every scene, hair style and outfit in both styles", async () => {
    for (const [index, scene] of SCENE_IDS.entries()) {
      const hair = HAIR_STYLES[index % HAIR_STYLES.length] ?? "long";
      const outfit = OUTFIT_STYLES[index % OUTFIT_STYLES.length] ?? "tee";
      for (const style of ["realistic", "anime"] as const) {
        const build = index % 2 === 0 ? "feminine" : "masculine";
        const pixels = await renderCharacterPixels({
          look: {
            ...look,
            build,
            hair: { style: hair, color: "#6a4128" },
            outfit: { ...look.outfit, style: outfit },
          },
          scene,
          style,
          seed: `${scene}:${style}`,
          width: 96,
          height: 128,
        });
        expect(pixels.data.length).toBe(96 * 128 * 3);
      }
    }
    // the hair styles and outfits not reached above
    for (const hair of HAIR_STYLES) {
      for (const style of ["realistic", "anime"] as const) {
        const svg = buildCharacterSvg({
          look: { ...look, hair: { style: hair, color: "#222222" } },
          scene: "studio",
          style,
          seed: hair,
          width: 96,
          height: 128,
        });
        expect(svg.foreground).toContain("<path");
      }
    }
  });

  it("draws no text and varies the pose with the seed", () => {
    const svg = buildCharacterSvg({
      look,
      scene: "neon_street",
      style: "anime",
      seed: 7,
      width: 300,
      height: 400,
    });
    expect(svg.background + svg.foreground).not.toMatch(/<text\b/);
    const poses = new Set(
      Array.from({ length: 12 }, (_, seed) =>
        JSON.stringify(
          buildCharacterSvg({ look, scene: "studio", style: "anime", seed, width: 64, height: 64 }).pose,
        ),
      ),
    );
    expect(poses.size).toBeGreaterThan(8);
    const fixed = buildCharacterSvg({
      look,
      scene: "studio",
      style: "anime",
      seed: 3,
      width: 64,
      height: 64,
      pose: { framing: "close", expression: "laugh" },
    });
    expect(fixed.pose.framing).toBe("close");
    expect(fixed.pose.expression).toBe("laugh");
  });

  it("rejects absurd sizes", () => {
    expect(() =>
      buildCharacterSvg({ look, scene: "studio", style: "anime", seed: 1, width: 8, height: 8 }),
    ).toThrow(RangeError);
  });

  it("makes thumbnails and blurred previews of the requested sizes", async () => {
    const pixels = await renderCharacterPixels({
      look,
      scene: "garden",
      style: "realistic",
      seed: 5,
      width: 240,
      height: 320,
    });
    const still = await thumbnail(pixels, 120, 160);
    expect((await sharp(still).metadata()).width).toBe(120);
    const [preview, small] = await blurredPreviews(pixels, [
      { width: 120, height: 160 },
      { width: 60, height: 80 },
    ]);
    const previewMeta = await sharp(preview as Buffer).metadata();
    expect([previewMeta.width, previewMeta.height]).toEqual([120, 160]);
    expect((await sharp(small as Buffer).metadata()).height).toBe(80);
    // the preview carries no detail: neighbouring pixels barely differ
    const { data } = await sharp(preview as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    let jumps = 0;
    for (let index = 3; index < data.length; index += 3)
      if (Math.abs((data[index] as number) - (data[index - 3] as number)) > 24) jumps++;
    expect(jumps / (data.length / 3)).toBeLessThan(0.01);
  });

  it("draws what the character holds, framed from the waist up so that the hands show", () => {
    const base = {
      look,
      scene: "bridge",
      style: "realistic",
      seed: "props",
      width: 240,
      height: 320,
    } as const;
    const withProps = buildCharacterSvg({
      ...base,
      props: ["violin", "umbrella"],
      pose: { framing: "close" },
    });
    expect(withProps.foreground).toContain('data-prop="violin"');
    expect(withProps.foreground).toContain('data-prop="umbrella"');
    expect(withProps.pose.framing).toBe("close");
    expect(buildCharacterSvg({ ...base, props: ["book"] }).pose.framing).toBe("half");
    expect(buildCharacterSvg(base).foreground).not.toContain("data-prop");
  });

  it("raises a hand when the pose asks for it, but not while the hands hold something", () => {
    const base = { look, scene: "studio", style: "anime", seed: "wave", width: 240, height: 320 } as const;
    expect(buildCharacterSvg({ ...base, pose: { gesture: "wave" } }).foreground).toContain(
      'data-gesture="wave"',
    );
    expect(buildCharacterSvg({ ...base, pose: { gesture: "cheek" } }).foreground).toContain(
      'data-gesture="cheek"',
    );
    expect(buildCharacterSvg(base).foreground).not.toContain("data-gesture");
    expect(
      buildCharacterSvg({ ...base, pose: { gesture: "wave" }, props: ["cup"] }).foreground,
    ).not.toContain("data-gesture");
  });

  it("draws outdoor scenes at the asked time of day", async () => {
    const mean = async (time: "day" | "night") => {
      const pixels = await renderCharacterPixels({
        look,
        scene: "garden",
        style: "anime",
        seed: "time",
        width: 120,
        height: 160,
        time,
        pose: { framing: "close", offset: 0 },
      });
      // the top band, above the figure's head: sky
      const band = pixels.data.subarray(0, 120 * 12 * 3);
      return band.reduce((sum, value) => sum + value, 0) / band.length;
    };
    expect(await mean("night")).toBeLessThan((await mean("day")) * 0.5);
  });
});
