import type { Gender } from "@reverie/shared";
import sharp, { type Sharp, type SharpOptions } from "sharp";
import { BadRequestError } from "../../errors.ts";
import type { RawImage } from "../../media/image-encoding.ts";
import { SIZES } from "../../media/sizes.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { renderCharacterPixels } from "../../providers/image/procedural/index.ts";
import type { GeneratedImage, ImageProvider } from "../../providers/image/types.ts";
import { lookForCharacter } from "../character-looks.ts";

/** A card's picture larger than this is refused before it is decoded (a decompression bomb). */
const CARD_PICTURE_MAX_PIXELS = 40_000_000;
const QUALITY = 84;

/** The two files of a portrait, as stored. */
export interface PortraitFiles {
  avatar_key: string;
  cover_key: string;
}

/** What a portrait is drawn from. */
export interface PortraitSubject {
  slug: string;
  name: string;
  age: number;
  gender: Gender;
  tagline: string;
  traits: string | null;
}

function styleOf(gender: Gender): "realistic" | "anime" {
  return gender === "anime_female" || gender === "anime_male" ? "anime" : "realistic";
}

function input(image: GeneratedImage, options: SharpOptions = {}): Sharp {
  if (Buffer.isBuffer(image)) return sharp(image, options);
  const raw = image as RawImage;
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
}

/**
 * A custom character's portrait: its avatar and cover, WebP like the catalog's, private (shown by
 * signed links to the owner alone). Drawn from the character's look by the image provider, or made
 * from an imported card's own picture. Each drawing has its own file names (`revision`), so a
 * redraw never overwrites the picture still shown.
 */
export class Portraits {
  readonly #storage: MediaStorage;
  readonly #images: ImageProvider;

  constructor(deps: { storage: MediaStorage; images: ImageProvider }) {
    this.#storage = deps.storage;
    this.#images = deps.images;
  }

  /** Where a portrait's files go: under the character's slug, which nobody else can guess. */
  keys(slug: string, revision: string): PortraitFiles {
    const dir = `private/custom/${slug}`;
    return { avatar_key: `${dir}/${revision}-avatar.webp`, cover_key: `${dir}/${revision}-cover.webp` };
  }

  /**
   * Draws the character (always an adult, fully clothed: the providers add the safety words) in
   * its look and favourite place, once at the cover's size; the avatar is the head and shoulders
   * of the same picture.
   */
  async draw(subject: PortraitSubject, revision: string): Promise<{ avatar: Buffer; cover: Buffer }> {
    const look = lookForCharacter(subject);
    const image = await this.#images.generate({
      character: { name: subject.name, age: subject.age, gender: subject.gender, tagline: subject.tagline },
      look,
      request: "a portrait",
      scene: look.favoriteScene,
      style: styleOf(subject.gender),
      seed: `portrait:${subject.slug}:${revision}`,
      ...SIZES.cover,
    });
    return this.#encode(image, "north");
  }

  /**
   * An imported card's picture as a portrait: decoded with a pixel limit, cropped to the cover
   * and the avatar where its content is. A picture that cannot be read is a 400.
   */
  async fromCardPicture(png: Buffer): Promise<{ avatar: Buffer; cover: Buffer }> {
    try {
      return await this.#encode(png, sharp.strategy.attention, { limitInputPixels: CARD_PICTURE_MAX_PIXELS });
    } catch {
      throw new BadRequestError("The card's picture could not be read.", "invalid_card");
    }
  }

  async store(files: PortraitFiles, pictures: { avatar: Buffer; cover: Buffer }): Promise<void> {
    await this.#storage.put(files.avatar_key, pictures.avatar);
    await this.#storage.put(files.cover_key, pictures.cover);
  }

  /** Removes portrait files; a file that will not go only wastes space, so it is not an error. */
  async remove(keys: readonly string[]): Promise<void> {
    const own = keys.filter((key) => key.startsWith("private/custom/"));
    if (own.length > 0) await this.#storage.remove(own).catch(() => undefined);
  }

  /** The portrait as a PNG (a card's picture): the cover, or one drawn now when it has none yet. */
  async png(subject: PortraitSubject, coverKey: string): Promise<Buffer> {
    if (coverKey && (await this.#storage.exists(coverKey))) {
      return sharp(await this.#storage.read(coverKey))
        .png()
        .toBuffer();
    }
    const pixels = await renderCharacterPixels({
      look: lookForCharacter(subject),
      scene: "studio",
      style: styleOf(subject.gender),
      seed: `card:${subject.slug}`,
      ...SIZES.cover,
    });
    return input(pixels).png().toBuffer();
  }

  async #encode(
    image: GeneratedImage,
    position: number | string,
    options: SharpOptions = {},
  ): Promise<{ avatar: Buffer; cover: Buffer }> {
    const [cover, avatar] = await Promise.all([
      input(image, options)
        .resize(SIZES.cover.width, SIZES.cover.height, { fit: "cover", position })
        .removeAlpha()
        .webp({ quality: QUALITY, effort: 2 })
        .toBuffer(),
      input(image, options)
        .resize(SIZES.avatar.width, SIZES.avatar.height, { fit: "cover", position })
        .removeAlpha()
        .webp({ quality: QUALITY, effort: 2 })
        .toBuffer(),
    ]);
    return { avatar, cover };
  }
}
