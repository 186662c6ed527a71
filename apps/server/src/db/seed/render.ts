import { blurredPreviews, encodeWebp, thumbnail } from "../../media/image-encoding.ts";
import { videoStillSize } from "../../media/sizes.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { encodeKenBurnsVideo, readWebmInfo } from "../../media/video.ts";
import { renderCharacterPixels } from "../../providers/image/procedural/index.ts";
import type { PlannedAsset, PlannedOutput } from "./plan.ts";

/**
 * Render the files of one asset that are missing in storage (all of them when `force`).
 * Returns how many files were written.
 */
export async function renderAsset(
  asset: PlannedAsset,
  storage: MediaStorage,
  force = false,
): Promise<number> {
  const missing: PlannedOutput[] = [];
  for (const output of asset.outputs) {
    if (force || !(await storage.exists(output.key))) missing.push(output);
  }
  if (missing.length === 0) return 0;
  const render = asset.render;
  const picture = {
    look: render.look,
    style: render.style,
    scene: render.scene,
    seed: render.seed,
    pose: render.pose,
  };

  const blurred = missing.filter((output) => output.variant === "blurred");
  if (render.type === "image") {
    const pixels = await renderCharacterPixels({ ...picture, width: render.width, height: render.height });
    const previews = await blurredPreviews(pixels, blurred);
    for (const output of missing) {
      const data =
        output.variant === "original"
          ? await encodeWebp(pixels)
          : output.variant === "still"
            ? await thumbnail(pixels, output.width, output.height)
            : (previews[blurred.indexOf(output)] as Buffer);
      await storage.put(output.key, data);
    }
    return missing.length;
  }

  const still = await renderCharacterPixels({ ...picture, ...videoStillSize(render) });
  const video = await encodeKenBurnsVideo({
    still,
    width: render.width,
    height: render.height,
    durationSeconds: render.durationSeconds,
    fps: render.fps,
    seed: render.seed,
    effect: render.effect,
  });
  const info = readWebmInfo(video.webm);
  if (info.durationSeconds === null || Math.abs(info.durationSeconds - render.durationSeconds) > 0.001) {
    throw new Error(
      `encoded ${render.seed} lasts ${info.durationSeconds}s, planned ${render.durationSeconds}s`,
    );
  }
  const previews = await blurredPreviews(video.poster, blurred);
  for (const output of missing) {
    let data: Buffer;
    if (output.variant === "original") data = video.webm;
    else if (output.variant === "still") {
      data =
        output.width === video.width && output.height === video.height
          ? video.poster
          : await thumbnail(video.poster, output.width, output.height);
    } else data = previews[blurred.indexOf(output)] as Buffer;
    await storage.put(output.key, data);
  }
  return missing.length;
}

/** Render every missing file of the assets, `concurrency` at a time. Stops at the first failure. */
export async function renderAssets(
  assets: readonly PlannedAsset[],
  storage: MediaStorage,
  options: { concurrency?: number; log?: (message: string) => void } = {},
): Promise<number> {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const total = assets.reduce((sum, asset) => sum + asset.outputs.length, 0);
  let next = 0;
  let written = 0;
  let checked = 0;
  let nextReport = 0.25;
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (failure === null && next < assets.length) {
      const asset = assets[next++] as PlannedAsset;
      try {
        const count = await renderAsset(asset, storage);
        written += count;
      } catch (error) {
        failure ??= error;
        return;
      }
      checked += asset.outputs.length;
      if (written > 0 && checked / total >= nextReport) {
        options.log?.(
          `seed: media ${Math.round((checked / total) * 100)}% checked, ${written} files rendered`,
        );
        while (checked / total >= nextReport) nextReport += 0.25;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, assets.length) }, worker));
  if (failure !== null) throw failure;
  return written;
}
