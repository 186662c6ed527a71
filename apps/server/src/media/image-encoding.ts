import sharp, { type Sharp } from "sharp";

/**
 * Pictures in and out of sharp: raw pixels of a size, WebP stills and the blurred previews of
 * locked media. They belong to no one image source: the seed's renderer, the image job (whatever
 * provider drew the picture) and the video encoder all use them.
 */

/** Raw RGB(A) pixels, as sharp reads and writes them. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

function input(image: Buffer | RawImage, maxInputPixels?: number): Sharp {
  return Buffer.isBuffer(image)
    ? sharp(image, maxInputPixels === undefined ? {} : { limitInputPixels: maxInputPixels })
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

/** Raw RGB pixels of exactly this size, cropped to fill it (raw pixels that fit already are kept). */
export async function pixelsOfSize(
  image: Buffer | RawImage,
  width: number,
  height: number,
): Promise<RawImage> {
  if (!Buffer.isBuffer(image) && image.width === width && image.height === height) return image;
  const { data, info } = await input(image)
    .resize(width, height, { fit: "cover" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Encode pixels (or re-encode an image) as lossy WebP. */
export async function encodeWebp(image: Buffer | RawImage, quality = 84): Promise<Buffer> {
  return input(image).removeAlpha().webp({ quality, effort: 2 }).toBuffer();
}

/**
 * A sharp still of an image (WebP), cropped to fill the size. `maxInputPixels` refuses larger
 * pictures before they are decoded (uploads: a decompression bomb).
 */
export async function thumbnail(
  image: Buffer | RawImage,
  width: number,
  height: number,
  quality = 78,
  maxInputPixels?: number,
): Promise<Buffer> {
  return input(image, maxInputPixels)
    .resize(width, height, { fit: "cover" })
    .removeAlpha()
    .webp({ quality, effort: 0 })
    .toBuffer();
}

/**
 * Heavily blurred stand-ins for locked media, one per requested size: colours and composition,
 * no detail. The blur is done once at a tiny size (cheap, and it destroys detail for good).
 */
export async function blurredPreviews(
  image: Buffer | RawImage,
  sizes: readonly { width: number; height: number }[],
  sigma = 2.2,
): Promise<Buffer[]> {
  if (sizes.length === 0) return [];
  const first = sizes[0] as { width: number; height: number };
  const small = await input(image)
    .resize(Math.max(8, Math.round(first.width / 6)), Math.max(8, Math.round(first.height / 6)), {
      fit: "cover",
    })
    .blur(sigma)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: small.info.width, height: small.info.height, channels: small.info.channels };
  return Promise.all(
    sizes.map(({ width, height }) =>
      sharp(small.data, { raw })
        .resize(width, height, { fit: "cover", kernel: "cubic" })
        .modulate({ brightness: 0.92, saturation: 1.1 })
        .webp({ quality: 70, effort: 1 })
        .toBuffer(),
    ),
  );
}

/** One blurred stand-in for locked media (see blurredPreviews). */
export async function blurredPreview(
  image: Buffer | RawImage,
  options: { width?: number; height?: number; sigma?: number } = {},
): Promise<Buffer> {
  const [preview] = await blurredPreviews(
    image,
    [{ width: options.width ?? 360, height: options.height ?? 480 }],
    options.sigma,
  );
  return preview as Buffer;
}
