import { describe, expect, it } from "vitest";
import { privatePosterKeyOf } from "../../media/bundle-media.ts";
import { SIZES, VIDEO } from "../../media/sizes.ts";
import { isPublicKey } from "../../media/storage.ts";
import { CHARACTERS } from "./characters.ts";
import { buildCatalogPlan, type PlannedMedia, planAssets } from "./plan.ts";

const plan = buildCatalogPlan();
const allMedia: PlannedMedia[] = [
  ...plan.characters.flatMap((character) => [...character.media, ...character.bundle.media]),
  ...plan.packs.flatMap((pack) => pack.media),
];

describe("catalog plan", () => {
  it("plans every character with 4–6 photos, a video and a locked bundle", () => {
    expect(plan.characters).toHaveLength(CHARACTERS.length);
    for (const character of plan.characters) {
      const photos = character.media.filter((media) => media.kind === "photo");
      const videos = character.media.filter((media) => media.kind === "video");
      expect(photos.length).toBeGreaterThanOrEqual(4);
      expect(photos.length).toBeLessThanOrEqual(6);
      expect(videos).toHaveLength(1);
      const images = character.bundle.media.filter((media) => media.kind === "bundle_image");
      const bundleVideos = character.bundle.media.filter((media) => media.kind === "bundle_video");
      expect(images.length).toBeGreaterThanOrEqual(3);
      expect(images.length).toBeLessThanOrEqual(5);
      expect(bundleVideos).toHaveLength(1);
      expect(character.bundle.kind).toBe("bundle");
      expect(character.bundle.characterSlug).toBe(character.seed.slug);
      expect(isPublicKey(character.avatar_key) && isPublicKey(character.cover_key)).toBe(true);
    }
  });

  it("uses unique slugs and storage keys", () => {
    const slugs = allMedia.map((media) => media.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const bundles = [
      ...plan.characters.map((character) => character.bundle.slug),
      ...plan.packs.map((pack) => pack.slug),
    ];
    expect(new Set(bundles).size).toBe(bundles.length);
    const outputs = planAssets(plan).flatMap((asset) => asset.outputs.map((output) => output.key));
    expect(new Set(outputs).size).toBe(outputs.length);
    for (const key of outputs) expect(key).toMatch(/^(public|private)\/[a-z0-9/.-]+\.(webp|webm)$/);
  });

  it("keeps free media public and locked media private with public blurred stills", () => {
    for (const media of allMedia) {
      const locked = media.kind === "bundle_image" || media.kind === "bundle_video";
      expect(isPublicKey(media.file_key), media.slug).toBe(!locked);
      expect(isPublicKey(media.preview_key), media.slug).toBe(true);
      expect(isPublicKey(media.thumbnail_key), media.slug).toBe(true);
      // every key of a row is a file its asset writes
      const written = new Map(media.asset.outputs.map((output) => [output.key, output]));
      for (const key of [media.file_key, media.preview_key, media.thumbnail_key])
        expect(written.has(key), key).toBe(true);
      if (locked) {
        expect(written.get(media.preview_key)?.variant).toBe("blurred");
        expect(written.get(media.thumbnail_key)?.variant).toBe("blurred");
      }
      // a bought video shows a sharp still, as private as the video
      if (media.kind === "bundle_video") {
        const poster = privatePosterKeyOf(media.file_key);
        expect(isPublicKey(poster)).toBe(false);
        expect(written.get(poster)?.variant).toBe("still");
      }
    }
    for (const bundle of [...plan.characters.map((character) => character.bundle), ...plan.packs]) {
      expect(isPublicKey(bundle.cover_key)).toBe(true);
    }
  });

  it("records sizes and durations that match what is rendered", () => {
    for (const media of allMedia) {
      const original = media.asset.outputs.find((output) => output.variant === "original");
      expect([media.width, media.height]).toEqual([original?.width, original?.height]);
      if (media.kind === "video" || media.kind === "bundle_video") {
        expect(media.asset.render.type).toBe("video");
        expect(media.video_duration).toBe(media.kind === "video" ? VIDEO.freeSeconds : VIDEO.bundleSeconds);
        if (media.asset.render.type === "video")
          expect(media.asset.render.durationSeconds).toBe(media.video_duration);
        expect(media.video_duration).toBeGreaterThanOrEqual(4);
        expect(media.video_duration).toBeLessThanOrEqual(8);
        expect([media.width, media.height]).toEqual([SIZES.video.width, SIZES.video.height]);
      } else {
        expect(media.video_duration).toBeNull();
      }
      if (media.kind === "video") expect(media.thumbnail_key).toMatch(/poster/);
    }
    expect(VIDEO.fps).toBeGreaterThanOrEqual(8);
    expect(VIDEO.fps).toBeLessThanOrEqual(12);
  });

  it("fills each gender's packs with that gender's characters", () => {
    const genderOf = new Map(CHARACTERS.map((character) => [character.slug, character.gender]));
    for (const pack of plan.packs) {
      expect(pack.kind).toBe("pack");
      expect(pack.characterSlug).toBeNull();
      expect(pack.media.length).toBeGreaterThanOrEqual(6);
      expect(new Set(pack.media.map((media) => media.characterSlug)).size).toBeGreaterThan(1);
      for (const media of pack.media) {
        expect(media.kind).toBe("bundle_image");
        expect(genderOf.get(media.characterSlug)).toBe(pack.gender);
      }
    }
  });
});
