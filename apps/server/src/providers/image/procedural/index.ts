import sharp from "sharp";
import { Rng } from "../../../lib/seeded-random.ts";
import { encodeWebp, type RawImage } from "../../../media/image-encoding.ts";
import { parseHex } from "./color.ts";
import { buildFigure } from "./figure.ts";
import { gestureMarkup, propsMarkup } from "./props.ts";
import { buildScene } from "./scenes.ts";
import { n, svgDocument } from "./svg.ts";
import type { Expression, Framing, Pose, RenderCharacterOptions } from "./types.ts";

export * from "./types.ts";

/**
 * The procedural image renderer: a stylised, fully clothed character portrait drawn as SVG in
 * code (figure over a scene), rasterised by sharp. It is the offline default image provider:
 * the same options and seed always give the same picture.
 */

const FRAMINGS: readonly Framing[] = ["close", "portrait", "half"];
const EXPRESSIONS: readonly Expression[] = ["smile", "soft", "laugh", "smirk"];

export function resolvePose(seed: RenderCharacterOptions["seed"], pose: Partial<Pose> = {}): Pose {
  const rng = new Rng(seed).fork("pose");
  const framing = rng.pick(FRAMINGS);
  const offset = rng.pick([-0.7, -0.35, 0, 0, 0.35, 0.7]);
  const tilt = rng.range(-7, 7);
  const turn = rng.range(-0.8, 0.8);
  const expression = rng.pick(EXPRESSIONS);
  return {
    framing: pose.framing ?? framing,
    offset: pose.offset ?? offset,
    tilt: pose.tilt ?? tilt,
    turn: pose.turn ?? turn,
    expression: pose.expression ?? expression,
    gesture: pose.gesture ?? "none",
  };
}

/** A horizontal light gradient over the figure: shadow colour at `from`, key light at `to`. */
export interface FigureTint {
  from: number;
  to: number;
  shadow: string;
  key: string;
  strength: number;
}

export interface CharacterSvg {
  /** the scene behind the figure */
  background: string;
  /** the figure and foreground, transparent elsewhere */
  foreground: string;
  /** the background SVG is rasterised at this fraction of the picture size, then scaled up */
  backgroundScale: number;
  /** gaussian blur sigma (px, at the background's raster size) for depth of field; 0 for none */
  backgroundBlur: number;
  /** darkening of the corners, 0 … 1 */
  vignette: number;
  tint: FigureTint;
  pose: Pose;
}

/** Build the picture as two SVG documents (exposed for tests and debugging). */
export function buildCharacterSvg(options: RenderCharacterOptions): CharacterSvg {
  const { width: W, height: H, style, look } = options;
  if (!Number.isInteger(W) || !Number.isInteger(H) || W < 16 || H < 16 || W > 4096 || H > 4096) {
    throw new RangeError(`bad image size ${W}x${H}`);
  }
  const anime = style === "anime";
  const rng = new Rng(options.seed);
  const props = options.props ?? [];
  // things in hand show from the waist up
  const pose = resolvePose(
    options.seed,
    props.length > 0 ? { framing: "half", ...options.pose } : options.pose,
  );
  const scene = buildScene(options.scene, {
    width: W,
    height: H,
    rng: rng.fork("scene"),
    anime,
    time: options.time,
  });
  // dress for the weather: a scarf in the snow
  const dressed =
    options.scene === "snowy_cabin" && !look.accessories?.includes("scarf")
      ? { ...look, accessories: [...(look.accessories ?? []), "scarf" as const] }
      : look;
  const figure = buildFigure({ look: dressed, style, light: scene.light, pose, rng: rng.fork("figure") });

  // place the figure: head width relative to the frame, hair top near the upper edge
  const unit = Math.min(W, H * 0.75);
  const headShare = pose.framing === "close" ? 0.46 : pose.framing === "portrait" ? 0.33 : 0.24;
  const topMargin = pose.framing === "close" ? 0.07 : pose.framing === "portrait" ? 0.13 : 0.16;
  const scale = (headShare * unit) / 200;
  const maxShift = Math.max(0, W / 2 - 150 * scale - W * 0.04);
  const cx = W / 2 + pose.offset * Math.min(W * 0.18, maxShift);
  const cy = topMargin * H + 200 * scale;
  const transform = `translate(${n(cx)} ${n(cy)}) scale(${Math.round(scale * 10000) / 10000})`;

  // the figure is tinted with the scene's light (shadow colour on the far side, key light on
  // the near side) while compositing, see blendOver
  const side = scene.light.side;
  const tint: FigureTint = {
    from: side === 1 ? cx - 260 * scale : cx + 260 * scale,
    to: side === 1 ? cx + 260 * scale : cx - 260 * scale,
    shadow: scene.light.shadow,
    key: scene.light.key,
    strength: scene.light.ambient,
  };
  const propContext = {
    skin: look.skin,
    line: anime ? "#2a1a22" : "#4a3a40",
    lineWidth: anime ? 3.4 : 1.6,
    rng: rng.fork("props"),
  };
  const held =
    props.length > 0
      ? propsMarkup(props, propContext)
      : gestureMarkup(pose.gesture, pose.offset > 0 ? -1 : 1, dressed.outfit.primary, propContext);
  const foregroundBody = `<g transform="${transform}">${figure.body}${held}</g>${scene.front}`;
  // realistic backgrounds are out of focus (blurred); both styles draw them at full size, which
  // measured faster than drawing small and scaling up
  const backgroundScale = 1;
  const blur = anime
    ? 0
    : Math.max(0.6, (Math.min(W, H) / 720) * (pose.framing === "half" ? 2.2 : 3.2) * backgroundScale);
  return {
    background: svgDocument(W, H, scene.defs, scene.back, backgroundScale),
    foreground: svgDocument(W, H, figure.defs, foregroundBody),
    tint,
    backgroundScale,
    backgroundBlur: Math.round(blur * 100) / 100,
    vignette: anime ? 0.22 : 0.38,
    pose,
  };
}

const vignettes = new Map<string, Float32Array>();

/** Per-pixel brightness factors (0 … 1) darkening the corners; computed once per size and strength. */
function vignette(width: number, height: number, strength: number): Float32Array {
  const key = `${width}x${height}:${strength}`;
  let factors = vignettes.get(key);
  if (!factors) {
    factors = new Float32Array(width * height);
    const cx = width / 2;
    const cy = height * 0.45;
    const radius = Math.hypot(width, height) * 0.58;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const t = Math.min(1, Math.hypot(x - cx, y - cy) / radius);
        const edge = t <= 0.62 ? 0 : ((t - 0.62) / 0.38) ** 1.6;
        factors[y * width + x] = 1 - strength * edge;
      }
    }
    if (vignettes.size > 32) vignettes.clear();
    vignettes.set(key, factors);
  }
  return factors;
}

/** Per-column tint colour and weight (0 … 1) for a FigureTint. */
function tintColumns(width: number, tint: FigureTint): { rgb: Float32Array; weight: Float32Array } {
  const rgb = new Float32Array(width * 3);
  const weight = new Float32Array(width);
  const shadow = parseHex(tint.shadow);
  const key = parseHex(tint.key);
  for (let x = 0; x < width; x++) {
    const t = Math.min(1, Math.max(0, (x - tint.from) / (tint.to - tint.from)));
    const useShadow = t < 0.6;
    const color = useShadow ? shadow : key;
    weight[x] = useShadow
      ? tint.strength * 1.6 * Math.max(0, 1 - t / 0.5)
      : tint.strength * 0.7 * Math.max(0, (t - 0.7) / 0.3);
    rgb[x * 3] = color.r;
    rgb[x * 3 + 1] = color.g;
    rgb[x * 3 + 2] = color.b;
  }
  return { rgb, weight };
}

/**
 * Alpha-blend the RGBA figure layer over the RGB background in place, tinting opaque figure
 * pixels with the scene light and darkening the corners (cheaper in JS than sharp composites
 * and SVG clip paths).
 */
function blendOver(rgb: Buffer, rgba: Buffer, width: number, factors: Float32Array, tint: FigureTint): void {
  const columns = tintColumns(width, tint);
  const height = factors.length / width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      const i = pixel * 3;
      const j = pixel * 4;
      const alpha = rgba[j + 3] as number;
      const factor = factors[pixel] as number;
      if (alpha === 0) {
        if (factor < 1) {
          rgb[i] = (rgb[i] as number) * factor;
          rgb[i + 1] = (rgb[i + 1] as number) * factor;
          rgb[i + 2] = (rgb[i + 2] as number) * factor;
        }
        continue;
      }
      const a = alpha / 255;
      let r = rgba[j] as number;
      let g = rgba[j + 1] as number;
      let b = rgba[j + 2] as number;
      // only the (opaque) figure takes the tint, not the translucent particles in front of it
      const a2 = a * a;
      const w = (columns.weight[x] as number) * a2 * a2;
      if (w > 0) {
        r += ((columns.rgb[x * 3] as number) - r) * w;
        g += ((columns.rgb[x * 3 + 1] as number) - g) * w;
        b += ((columns.rgb[x * 3 + 2] as number) - b) * w;
      }
      const keep = 1 - a;
      rgb[i] = (r * a + (rgb[i] as number) * keep) * factor;
      rgb[i + 1] = (g * a + (rgb[i + 1] as number) * keep) * factor;
      rgb[i + 2] = (b * a + (rgb[i + 2] as number) * keep) * factor;
    }
  }
}

/** Render a character picture as raw RGB pixels (to encode several ways, or to make video frames from). */
export async function renderCharacterPixels(options: RenderCharacterOptions): Promise<RawImage> {
  const svg = buildCharacterSvg(options);
  const { width, height } = options;
  let background = sharp(Buffer.from(svg.background));
  if (svg.backgroundScale !== 1) background = background.resize(width, height, { fit: "fill" });
  if (svg.backgroundBlur > 0) background = background.blur(svg.backgroundBlur);
  const [base, figure] = await Promise.all([
    background.removeAlpha().raw().toBuffer(),
    sharp(Buffer.from(svg.foreground)).ensureAlpha().raw().toBuffer(),
  ]);
  if (base.length !== width * height * 3 || figure.length !== width * height * 4) {
    throw new Error("unexpected raster size while rendering a character picture");
  }
  blendOver(base, figure, width, vignette(width, height, svg.vignette), svg.tint);
  return { data: base, width, height, channels: 3 };
}

/** Render a character picture as lossy WebP. */
export async function renderCharacterImage(options: RenderCharacterOptions): Promise<Buffer> {
  return encodeWebp(await renderCharacterPixels(options), options.quality ?? 84);
}

/** Render as PNG (handy for debugging and tests). */
export async function renderCharacterPng(options: RenderCharacterOptions): Promise<Buffer> {
  const pixels = await renderCharacterPixels(options);
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .png()
    .toBuffer();
}
