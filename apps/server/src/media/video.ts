import sharp from "sharp";
import { ArrayBufferTarget, Muxer } from "webm-muxer";
import { Rng, type Seed } from "../lib/seeded-random.ts";
import type { RawImage } from "./image-encoding.ts";

/**
 * Short real videos without a video encoder: every frame is rendered with sharp as a lossy WebP,
 * whose "VP8 " chunk is a complete VP8 keyframe, and the keyframes are muxed into a WebM.
 * Frames come from one large still by cheap transforms (a slow Ken Burns pan and zoom) with a
 * soft light effect drifting over it.
 */

export type VideoEffect = "light_sweep" | "bokeh" | "none";

export interface KenBurnsOptions {
  /** the still to move over; should be larger than the output (about 1.25–1.4×) with the same aspect */
  still: RawImage;
  width: number;
  height: number;
  /** exact duration of the file in seconds (the last frame is held until then) */
  durationSeconds: number;
  fps: number;
  seed: Seed;
  effect?: VideoEffect;
  /** WebP/VP8 quality of the frames, default 60 */
  quality?: number;
  /** WebP quality of the poster, default 82 */
  posterQuality?: number;
}

export interface EncodedVideo {
  webm: Buffer;
  /** the first frame as WebP, for <video poster> and thumbnails */
  poster: Buffer;
  frameCount: number;
  durationSeconds: number;
  width: number;
  height: number;
}

/** The VP8 bitstream (a keyframe) inside a simple lossy WebP file. */
export function extractVp8Frame(webp: Uint8Array): Uint8Array {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const tag = (offset: number): string => String.fromCharCode(...webp.subarray(offset, offset + 4));
  if (webp.byteLength < 20 || tag(0) !== "RIFF" || tag(8) !== "WEBP") throw new Error("not a WebP file");
  let offset = 12;
  while (offset + 8 <= webp.byteLength) {
    const fourcc = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + size > webp.byteLength) throw new Error("truncated WebP chunk");
    if (fourcc === "VP8 ") return webp.subarray(start, start + size);
    if (fourcc === "VP8L" || fourcc === "ALPH" || fourcc === "ANIM") {
      throw new Error(`WebP frame is not plain lossy VP8 (found ${fourcc} chunk)`);
    }
    offset = start + size + (size % 2);
  }
  throw new Error("no VP8 chunk in WebP file");
}

/** Mux VP8 keyframes at a constant rate; the last frame is repeated at `durationSeconds` so the file lasts exactly that long. */
export function muxVp8Keyframes(
  frames: readonly Uint8Array[],
  options: { width: number; height: number; fps: number; durationSeconds: number },
): Buffer {
  if (frames.length === 0) throw new Error("no frames to mux");
  const frameMicros = 1e6 / options.fps;
  const endMicros = Math.round(options.durationSeconds * 1e6);
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: "V_VP8", width: options.width, height: options.height, frameRate: options.fps },
    firstTimestampBehavior: "strict",
  });
  let last = 0;
  frames.forEach((frame, index) => {
    last = Math.round(index * frameMicros);
    if (last >= endMicros) throw new Error("more frames than the duration holds");
    muxer.addVideoChunkRaw(frame, "key", last);
  });
  // hold the last picture until the end, so the container's duration is exactly the requested one
  muxer.addVideoChunkRaw(frames[frames.length - 1] as Uint8Array, "key", endMicros);
  muxer.finalize();
  return Buffer.from(muxer.target.buffer);
}

const ease = (t: number): number => 0.5 - 0.5 * Math.cos(Math.PI * t);

/** An RGBA overlay plus, per row, the span of columns that are not fully transparent. */
interface Overlay {
  data: Buffer;
  width: number;
  height: number;
  spans: Int32Array;
}

function withSpans(data: Buffer, width: number, height: number): Overlay {
  const spans = new Int32Array(height * 2);
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -2;
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] !== 0) {
        if (first < 0) first = x;
        last = x;
      }
    }
    spans[y * 2] = Math.max(0, first);
    spans[y * 2 + 1] = last + 1;
  }
  return { data, width, height, spans };
}

/**
 * "Screen" a window of the overlay (starting at column dx, row dy) onto W×H RGB pixels in place;
 * cheaper in JS than a second sharp pass, and it skips the transparent parts.
 */
function screenBlend(
  rgb: Buffer,
  width: number,
  height: number,
  overlay: Overlay,
  dx: number,
  dy: number,
): void {
  const source = overlay.data;
  for (let y = 0; y < height; y++) {
    const row = y + dy;
    const from = Math.max(0, (overlay.spans[row * 2] as number) - dx);
    const to = Math.min(width, (overlay.spans[row * 2 + 1] as number) - dx);
    for (let x = from; x < to; x++) {
      const j = (row * overlay.width + x + dx) * 4;
      const alpha = source[j + 3] as number;
      if (alpha === 0) continue;
      const i = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const base = rgb[i + channel] as number;
        const screened = 255 - ((255 - base) * (255 - (source[j + channel] as number))) / 255;
        rgb[i + channel] = base + ((screened - base) * alpha) / 255;
      }
    }
  }
}

/** A soft diagonal band of light, twice the frame width, swept across the frame. */
async function lightSweepOverlay(width: number, height: number, rng: Rng): Promise<Buffer> {
  const w = width * 2;
  const tint = rng.pick(["#fff3d6", "#ffe4f0", "#e6f0ff", "#fff8e8"]);
  const slant = height * 0.35;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${height}"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${tint}" stop-opacity="0"/><stop offset="0.5" stop-color="${tint}" stop-opacity="0.3"/><stop offset="1" stop-color="${tint}" stop-opacity="0"/></linearGradient></defs><path d="M${width - width * 0.3} 0 L${width + width * 0.3} 0 L${width + width * 0.3 - slant} ${height} L${width - width * 0.3 - slant} ${height}Z" fill="url(#b)"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

/** Soft out-of-focus lights on a canvas twice the frame height, drifting upwards. */
async function bokehOverlay(width: number, height: number, rng: Rng): Promise<Buffer> {
  const h = height * 2;
  const colors = rng.pick([
    ["#ffd48a", "#ffb3c8", "#fff2d0"],
    ["#9fd6ff", "#d2b8ff", "#ffffff"],
    ["#ffe7a8", "#ffc27a", "#fff6dc"],
  ]);
  let circles = "";
  const unit = Math.min(width, height);
  for (let index = 0; index < 22; index++) {
    const color = rng.int(0, colors.length - 1);
    const r = rng.range(0.025, 0.07) * unit;
    const x = rng.range(0, width);
    const y = rng.range(0, h);
    const opacity = Math.round(rng.range(0.25, 0.6) * 100) / 100;
    circles += `<circle cx="${Math.round(x)}" cy="${Math.round(y)}" r="${Math.round(r)}" fill="url(#g${color})" opacity="${opacity}"/>`;
    // wrap around, so the drift can loop over the seam
    if (y < height)
      circles += `<circle cx="${Math.round(x)}" cy="${Math.round(y + height)}" r="${Math.round(r)}" fill="url(#g${color})" opacity="${opacity}"/>`;
  }
  const gradients = colors
    .map(
      (color, index) =>
        `<radialGradient id="g${index}"><stop offset="0" stop-color="${color}" stop-opacity="0.9"/><stop offset="0.6" stop-color="${color}" stop-opacity="0.55"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}"><defs>${gradients}</defs>${circles}</svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

/** Encode a Ken Burns video from a still. Deterministic for a given still, options and seed. */
export async function encodeKenBurnsVideo(options: KenBurnsOptions): Promise<EncodedVideo> {
  const { still, width: W, height: H, fps, durationSeconds } = options;
  if (!(fps > 0 && fps <= 60)) throw new RangeError(`bad frame rate ${fps}`);
  if (!(durationSeconds > 0 && durationSeconds <= 60))
    throw new RangeError(`bad duration ${durationSeconds}`);
  if (still.width < W || still.height < H)
    throw new RangeError("the still must be at least as large as the video");
  if (W % 2 !== 0 || H % 2 !== 0) throw new RangeError("video width and height must be even");
  const rng = new Rng(options.seed).fork("ken-burns");
  const frameCount = Math.max(1, Math.ceil(durationSeconds * fps - 1e-9));
  const effect = options.effect ?? "light_sweep";
  const quality = options.quality ?? 60;

  // camera path: zoom between "whole still" and "1:1 crop", drifting from one point to another
  const maxZoom = Math.min(still.width / W, still.height / H);
  const wide = 1 + rng.range(0, 0.04);
  const tight = Math.max(wide + 0.08, maxZoom * rng.range(0.9, 1));
  const zoomIn = rng.chance(0.65);
  const [z0, z1] = zoomIn ? [wide, tight] : [tight, wide];
  const fx0 = rng.range(0.2, 0.8);
  const fy0 = rng.range(0.15, 0.55);
  const fx1 = Math.min(1, Math.max(0, fx0 + rng.sign() * rng.range(0.25, 0.5)));
  const fy1 = Math.min(1, Math.max(0, fy0 + rng.range(-0.25, 0.25)));

  let overlay: Overlay | null = null;
  if (effect === "light_sweep") overlay = withSpans(await lightSweepOverlay(W, H, rng), W * 2, H);
  else if (effect === "bokeh") overlay = withSpans(await bokehOverlay(W, H, rng), W, H * 2);
  const sweepFrom = rng.chance(0.5) ? 0 : W;

  const frames: Uint8Array[] = [];
  let poster: Buffer | null = null;
  for (let index = 0; index < frameCount; index++) {
    const t = frameCount === 1 ? 0 : ease(index / (frameCount - 1));
    const zoom = z0 + (z1 - z0) * t;
    // zoom 1 = the largest crop of the frame's aspect; zoom maxZoom = a 1:1 crop. Rather than
    // cropping (integer pixels, jittery), scale the whole still so the crop is W×H, then cut it out.
    const scale = zoom / maxZoom;
    const scaledWidth = Math.max(W, Math.round(still.width * scale));
    const scaledHeight = Math.max(H, Math.round(still.height * scale));
    const fx = fx0 + (fx1 - fx0) * t;
    const fy = fy0 + (fy1 - fy0) * t;
    const left = Math.round(fx * (scaledWidth - W));
    const top = Math.round(fy * (scaledHeight - H));
    const pixels = await sharp(still.data, {
      raw: { width: still.width, height: still.height, channels: still.channels },
    })
      .resize(scaledWidth, scaledHeight, { kernel: "linear" })
      .extract({ left, top, width: W, height: H })
      .removeAlpha()
      .raw()
      .toBuffer();
    if (overlay) {
      const progress = frameCount === 1 ? 0 : index / (frameCount - 1);
      if (effect === "light_sweep") {
        const offset = Math.round(sweepFrom === 0 ? progress * W : W - progress * W);
        screenBlend(pixels, W, H, overlay, offset, 0);
      } else {
        screenBlend(pixels, W, H, overlay, 0, Math.round((1 - progress) * H));
      }
    }
    const frame = sharp(pixels, { raw: { width: W, height: H, channels: 3 } });
    if (index === 0)
      poster = await frame
        .clone()
        .webp({ quality: options.posterQuality ?? 82, effort: 2 })
        .toBuffer();
    const webp = await frame.webp({ quality, effort: 0, smartSubsample: false }).toBuffer();
    frames.push(extractVp8Frame(webp));
  }
  const webm = muxVp8Keyframes(frames, { width: W, height: H, fps, durationSeconds });
  return { webm, poster: poster as Buffer, frameCount, durationSeconds, width: W, height: H };
}

// ---------------------------------------------------------------- reading WebM back (checks, tests)

export interface WebmInfo {
  docType: string | null;
  codecId: string | null;
  width: number | null;
  height: number | null;
  /** seconds, from the segment's Duration and TimestampScale */
  durationSeconds: number | null;
  /** number of SimpleBlocks / Blocks found */
  blocks: number;
}

const IDS = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
};
const CONTAINERS = new Set([
  IDS.ebml,
  IDS.segment,
  IDS.info,
  IDS.tracks,
  IDS.trackEntry,
  IDS.video,
  IDS.cluster,
  IDS.blockGroup,
]);

/** Parse the few EBML elements needed to check a WebM file. */
export function readWebmInfo(file: Uint8Array): WebmInfo {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const info: WebmInfo = {
    docType: null,
    codecId: null,
    width: null,
    height: null,
    durationSeconds: null,
    blocks: 0,
  };
  let timestampScale = 1_000_000;
  let rawDuration: number | null = null;

  const readVint = (
    offset: number,
    keepMarker: boolean,
  ): { value: number; length: number; unknown: boolean } => {
    const first = file[offset];
    if (first === undefined || first === 0) throw new Error(`bad EBML variable-size integer at ${offset}`);
    let length = 1;
    while (!(first & (0x80 >> (length - 1)))) length++;
    let value = keepMarker ? first : first & (0xff >> length);
    let allOnes = value === 0xff >> length;
    for (let index = 1; index < length; index++) {
      const byte = file[offset + index] ?? 0;
      value = value * 256 + byte;
      if (byte !== 0xff) allOnes = false;
    }
    return { value, length, unknown: !keepMarker && allOnes };
  };
  const readUint = (offset: number, size: number): number => {
    let value = 0;
    for (let index = 0; index < size; index++) value = value * 256 + (file[offset + index] ?? 0);
    return value;
  };
  const readString = (offset: number, size: number): string =>
    String.fromCharCode(...file.subarray(offset, offset + size)).replace(/\0+$/, "");

  const walk = (start: number, end: number): void => {
    let offset = start;
    while (offset < end) {
      const id = readVint(offset, true);
      const size = readVint(offset + id.length, false);
      const dataStart = offset + id.length + size.length;
      const dataEnd = size.unknown ? end : Math.min(end, dataStart + size.value);
      switch (id.value) {
        case IDS.docType:
          info.docType = readString(dataStart, dataEnd - dataStart);
          break;
        case IDS.timestampScale:
          timestampScale = readUint(dataStart, dataEnd - dataStart);
          break;
        case IDS.duration:
          rawDuration = dataEnd - dataStart === 4 ? view.getFloat32(dataStart) : view.getFloat64(dataStart);
          break;
        case IDS.codecId:
          info.codecId = readString(dataStart, dataEnd - dataStart);
          break;
        case IDS.pixelWidth:
          info.width = readUint(dataStart, dataEnd - dataStart);
          break;
        case IDS.pixelHeight:
          info.height = readUint(dataStart, dataEnd - dataStart);
          break;
        case IDS.simpleBlock:
        case IDS.block:
          info.blocks++;
          break;
        default:
          if (CONTAINERS.has(id.value)) walk(dataStart, dataEnd);
      }
      offset = dataEnd;
    }
  };
  walk(0, file.byteLength);
  if (rawDuration !== null) info.durationSeconds = (rawDuration * timestampScale) / 1e9;
  return info;
}
