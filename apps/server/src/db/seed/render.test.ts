import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { MediaStorage } from "../../media/storage.ts";
import { readWebmInfo } from "../../media/video.ts";
import { buildCatalogPlan } from "./plan.ts";
import { renderAsset } from "./render.ts";

class MemoryStorage implements MediaStorage {
  readonly files = new Map<string, Buffer>();
  readonly publicRoot = "/nowhere";
  readonly privateRoot = "/nowhere";
  async exists(key: string): Promise<boolean> {
    return this.files.has(key);
  }
  async put(key: string, data: Uint8Array): Promise<void> {
    this.files.set(key, Buffer.from(data));
  }
  async read(key: string): Promise<Buffer> {
    const file = this.files.get(key);
    if (!file) throw new Error(`no ${key}`);
    return file;
  }
  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.files.delete(key);
  }
  publicUrl(key: string): string | null {
    return key.startsWith("public/") ? `/media/${key.slice(7)}` : null;
  }
}

describe("rendering planned media", () => {
  const [character] = buildCatalogPlan().characters;
  if (!character) throw new Error("no characters planned");

  it("writes a locked picture with its blurred stills, once", async () => {
    const storage = new MemoryStorage();
    const media = character.bundle.media.find((item) => item.kind === "bundle_image");
    if (!media) throw new Error("no bundle image");
    expect(await renderAsset(media.asset, storage)).toBe(3);
    for (const output of media.asset.outputs) {
      const meta = await sharp(await storage.read(output.key)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", output.width, output.height]);
    }
    expect(await renderAsset(media.asset, storage)).toBe(0);
    storage.files.delete(media.preview_key);
    expect(await renderAsset(media.asset, storage)).toBe(1);
  });

  it("writes a video of the planned duration and its poster", async () => {
    const storage = new MemoryStorage();
    const media = character.media.find((item) => item.kind === "video");
    if (!media) throw new Error("no video");
    expect(await renderAsset(media.asset, storage)).toBe(2);
    const info = readWebmInfo(await storage.read(media.file_key));
    expect(info.codecId).toBe("V_VP8");
    expect(info.durationSeconds).toBeCloseTo(media.video_duration ?? 0, 6);
    expect([info.width, info.height]).toEqual([media.width, media.height]);
    const poster = await sharp(await storage.read(media.thumbnail_key)).metadata();
    expect([poster.width, poster.height]).toEqual([media.width, media.height]);
  }, 20_000);
});
