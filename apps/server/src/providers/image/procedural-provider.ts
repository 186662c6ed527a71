import sharp from "sharp";
import type { ComponentStatus } from "../../lib/health-check.ts";
import { Rng } from "../../lib/seeded-random.ts";
import { GESTURES, renderCharacterPixels } from "./procedural/index.ts";
import type { GeneratedImage, ImageProvider, ImageRequest } from "./types.ts";

/**
 * The offline default: draws the character with the procedural renderer the catalog art comes
 * from, in the requested place, light of day and style, fully clothed, holding what was asked
 * for. The seed picks framing, pose and expression, so every request gets its own picture and a
 * retry the same one. It draws illustrations, never photographs.
 */
export class ProceduralImageProvider implements ImageProvider {
  readonly name = "procedural";
  readonly medium = "illustrations";

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    request.signal?.throwIfAborted();
    return renderCharacterPixels({
      look: request.look,
      scene: request.scene,
      ...(request.time ? { time: request.time } : {}),
      ...(request.props ? { props: request.props } : {}),
      // a hand in some pictures (when none holds anything), so that selfies are not all one pose
      pose: { gesture: new Rng(`gesture:${request.seed}`).pick([...GESTURES, "none"]) },
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
