import { describe, expect, it } from "vitest";
import type { SceneId } from "../providers/image/procedural/index.ts";
import { imageCaption, PRIVATE_PHOTO } from "./image-captions.ts";

describe("captions of private media", () => {
  it("never ask for an unlock: they are read after the photo is unlocked too", () => {
    for (const caption of PRIVATE_PHOTO) expect(caption).not.toMatch(/unlock/i);
    for (let seed = 0; seed < 200; seed += 1) {
      for (const media of ["photo", "video"] as const) {
        const caption = imageCaption({ media, private: true }, "studio" as SceneId, `seed-${seed}`);
        expect(caption, caption).not.toMatch(/unlock/i);
      }
    }
  });
});
