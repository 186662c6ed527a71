import {
  bundleItemsResponseSchema,
  bundlesResponseSchema,
  galleryItemDetailSchema,
  galleryModelsResponseSchema,
  galleryResponseSchema,
  modelListSchema,
} from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app.ts";

const app = useTestApp();
const get = (url: string) => app().get(url);

describe("GET /api/v2/gallery", () => {
  it("lists photos and videos with packs for sale, locked items only as blurred previews", async () => {
    const { status, body } = await get("/api/v2/gallery?gender=female&limit=100");
    expect(status).toBe(200);
    const gallery = galleryResponseSchema.parse(body);
    expect(gallery.items.length).toBeGreaterThan(20);
    expect(gallery.packs.length).toBeGreaterThan(0);
    for (const pack of gallery.packs) {
      expect(pack).toMatchObject({ kind: "pack", gender: "female", model_id: null });
    }
    const kinds = new Set(gallery.items.map((item) => item.kind));
    expect(kinds).toEqual(new Set(["photo", "video", "bundle_image", "bundle_video"]));
    for (const item of gallery.items) {
      expect(item.model.gender).toBe("female");
      expect(item.url).toMatch(/^\/media\//);
      expect(item.url).not.toContain("private");
      expect(item.locked).toBe(item.bundle_id !== null);
      if (item.locked) expect(item.price_tokens).toBeGreaterThan(0);
      else expect(item.price_tokens).toBeNull();
      if (item.kind === "video" || item.kind === "bundle_video")
        expect(item.video_duration).toBeGreaterThan(0);
      else expect(item.video_duration).toBeNull();
    }
  });

  it("interleaves characters instead of showing one at a time", async () => {
    const { body } = await get("/api/v2/gallery?gender=male&limit=6");
    const { items } = galleryResponseSchema.parse(body);
    expect(new Set(items.map((item) => item.model.id)).size).toBeGreaterThan(3);
  });

  it("filters by kind and character, and pages", async () => {
    const videos = galleryResponseSchema.parse((await get("/api/v2/gallery?kind=video&limit=100")).body);
    expect(videos.items.every((item) => item.kind === "video" || item.kind === "bundle_video")).toBe(true);

    const { items: models } = modelListSchema.parse((await get("/api/models?gender=anime_male")).body);
    const modelId = models[0]?.id;
    const own = galleryResponseSchema.parse((await get(`/api/v2/gallery?model_id=${modelId}&limit=2`)).body);
    expect(own.items).toHaveLength(2);
    expect(own.items.every((item) => item.model_id === modelId)).toBe(true);
    expect(own.pages_count).toBe(Math.ceil(own.total_count / 2));

    const page2 = galleryResponseSchema.parse(
      (await get(`/api/v2/gallery?model_id=${modelId}&limit=2&page=2`)).body,
    );
    expect(page2.items.map((item) => item.id)).not.toEqual(own.items.map((item) => item.id));
  });

  it("refuses bad filters with reasons, and unknown characters with 404", async () => {
    for (const query of ["gender=x", "kind=audio", "limit=0", "limit=1000", "page=-1", "model_id=abc"]) {
      const { status, body } = await get(`/api/v2/gallery?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toBe("bad_request");
    }
    expect((await get("/api/v2/gallery?model_id=999999")).status).toBe(404);
  });
});

describe("GET /api/v2/gallery/:id", () => {
  it("returns an item with its bundle and related media of the same character", async () => {
    const { items } = galleryResponseSchema.parse((await get("/api/v2/gallery?limit=100")).body);
    const locked = items.find((item) => item.locked);
    expect(locked).toBeDefined();
    const detail = galleryItemDetailSchema.parse((await get(`/api/v2/gallery/${locked?.id}`)).body);
    expect(detail.item.id).toBe(locked?.id);
    expect(detail.bundle?.id).toBe(locked?.bundle_id);
    expect(detail.item.price_tokens).toBe(detail.bundle?.price_tokens);
    expect(detail.related.length).toBeGreaterThan(0);
    expect(detail.related.every((item) => item.model_id === locked?.model_id && item.id !== locked?.id)).toBe(
      true,
    );

    const free = items.find((item) => !item.locked);
    const freeDetail = galleryItemDetailSchema.parse((await get(`/api/v2/gallery/${free?.id}`)).body);
    expect(freeDetail.bundle).toBeNull();
  });

  it("answers 404 and 400", async () => {
    expect((await get("/api/v2/gallery/999999")).status).toBe(404);
    expect((await get("/api/v2/gallery/nope")).status).toBe(400);
  });
});

describe("GET /api/gallery/models", () => {
  it("lists characters with media counts", async () => {
    const { status, body } = await get("/api/gallery/models?gender=anime_female");
    expect(status).toBe(200);
    const { items } = galleryModelsResponseSchema.parse(body);
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const model of items) {
      expect(model.gender).toBe("anime_female");
      expect(model.media_count).toBeGreaterThan(0);
      expect(model.bundle_count).toBeGreaterThan(0);
    }
  });
});

describe("bundles", () => {
  it("lists a character's bundles and a category's packs", async () => {
    const { items: models } = modelListSchema.parse((await get("/api/models?gender=male")).body);
    const modelId = models[0]?.id;
    const own = bundlesResponseSchema.parse((await get(`/api/bundles?model_id=${modelId}`)).body);
    expect(own.bundles.length).toBeGreaterThan(0);
    expect(own.bundles.every((bundle) => bundle.model_id === modelId && bundle.kind === "bundle")).toBe(true);

    const byGender = bundlesResponseSchema.parse((await get("/api/bundles?gender=male")).body);
    expect(byGender.bundles.some((bundle) => bundle.kind === "pack")).toBe(true);
    expect(byGender.bundles.every((bundle) => bundle.gender === "male")).toBe(true);
    for (const bundle of byGender.bundles) {
      expect(bundle.photo_count + bundle.video_count).toBeGreaterThan(0);
      expect(bundle.items.length).toBeGreaterThan(0);
      expect(bundle.items.every((item) => item.locked)).toBe(true);
    }
  });

  it("lists the items of a bundle", async () => {
    const { bundles } = bundlesResponseSchema.parse((await get("/api/bundles?gender=female")).body);
    const bundle = bundles[0];
    const { status, body } = await get(`/api/bundles/${bundle?.id}/items?gender=female`);
    expect(status).toBe(200);
    const { items } = bundleItemsResponseSchema.parse(body);
    expect(items).toHaveLength((bundle?.photo_count ?? 0) + (bundle?.video_count ?? 0));
    expect(items.every((item) => item.bundle_id === bundle?.id && item.locked)).toBe(true);
  });

  it("answers 404 for unknown bundles and characters, 400 for bad input", async () => {
    expect((await get("/api/bundles/999999/items")).status).toBe(404);
    expect((await get("/api/bundles?model_id=999999")).status).toBe(404);
    expect((await get("/api/bundles?gender=nobody")).status).toBe(400);
    expect((await get("/api/bundles/x/items")).status).toBe(400);
  });
});
