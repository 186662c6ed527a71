import sharp from "sharp";
import type { ComponentStatus } from "../../lib/health-check.ts";
import { renderCharacterPixels } from "./procedural/index.ts";
import type { GeneratedImage, ImageProvider, ImageRequest } from "./types.ts";

/**
 * The offline default: draws the character with the procedural renderer the catalog art comes
 * from, in the requested place and style, fully clothed. The seed picks framing, pose and
 * expression, so every request gets its own picture and a retry the same one.
 */
export class ProceduralImageProvider implements ImageProvider {
  readonly name = "procedural";

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    request.signal?.throwIfAborted();
    return renderCharacterPixels({
      look: request.look,
      scene: request.scene,
      style: request.style,
      seed: request.seed,
      width: request.width,
      height: request.height,
    });
  }

  async check(): Promise<ComponentStatus> {
    return { status: "ok", detail: `procedural renderer (libvips ${sharp.versions.vips})` };
  }
}
