import type { Gender } from "@reverie/shared";
import sharp from "sharp";
import { BadRequestError } from "../../errors.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { type CharacterLook, renderCharacterImage } from "../../providers/image/procedural/index.ts";
import { lookFromTraits } from "./trait-looks.ts";
import {
  defaultOption,
  ETHNICITIES,
  EYE_COLORS,
  findOption,
  HAIR_STYLES,
  type TraitOptionSpec,
} from "./trait-options.ts";
import type { PreviewLook } from "./trait-preview-urls.ts";

/** Small enough for an option tile and the live preview, drawn in ~20 ms. */
const PORTRAIT = { width: 240, height: 300 } as const;
const EYE_SWATCH = 96;
/** Part of every stored preview's key: a change to how previews are drawn gets new files. */
const PREVIEW_VERSION = "v2";

function offered(
  options: readonly TraitOptionSpec[],
  field: string,
  value: string | undefined,
  gender: Gender,
): string {
  if (value === undefined) return defaultOption(options, gender).value;
  const option = findOption(options, value);
  if (!option?.genders.includes(gender)) {
    throw new BadRequestError(
      `Invalid querystring: ${field}: "${value}" is not offered for this category.`,
      "invalid_trait",
    );
  }
  return option.value;
}

/**
 * The options a portrait preview shows: those chosen, else the ethnicity's typical hair and eyes
 * (a woman's or a man's hair), else the category's first option; a 400 names an option the
 * category does not offer.
 */
export function previewOptions(
  gender: Gender,
  look: PreviewLook,
): { ethnicity: string; hair_style: string; eyes_color: string } {
  const ethnicity = offered(ETHNICITIES, "ethnicity", look.ethnicity, gender);
  const typical = ETHNICITIES.find((option) => option.value === ethnicity)?.typical;
  const masculine = gender === "male" || gender === "anime_male";
  const typicalHair = typical && (masculine ? typical.hair.male : typical.hair.female);
  return {
    ethnicity,
    hair_style: offered(HAIR_STYLES, "hair_style", look.hair_style ?? typicalHair, gender),
    eyes_color: offered(EYE_COLORS, "eyes_color", look.eyes_color ?? typical?.eyes, gender),
  };
}

/** The look a portrait preview is drawn with: the same person the constructor will create. */
export function previewLook(gender: Gender, look: PreviewLook): CharacterLook {
  return lookFromTraits(previewOptions(gender, look), gender, "preview");
}

/**
 * The constructor's pictures: a portrait of a character with the chosen looks (each ethnicity and
 * hair option's picture, and the live preview), and eye-colour swatches. Always drawn by the
 * procedural renderer, whatever image provider draws the portraits: they show an option, they
 * are not a character. Drawn once per set of looks, then read from storage.
 */
export class TraitPreviews {
  readonly #storage: MediaStorage;

  constructor(deps: { storage: MediaStorage }) {
    this.#storage = deps.storage;
  }

  /** A WebP portrait of the category with these looks; a 400 naming an option not offered in it. */
  async portrait(gender: Gender, look: PreviewLook): Promise<Buffer> {
    const chosen = previewOptions(gender, look);
    const key = `public/custom/previews/${PREVIEW_VERSION}/portrait/${gender}/${chosen.ethnicity}/${chosen.hair_style}/${chosen.eyes_color}.webp`;
    return this.#stored(key, () =>
      renderCharacterImage({
        look: previewLook(gender, chosen),
        scene: "studio",
        style: gender.startsWith("anime") ? "anime" : "realistic",
        seed: "preview",
        ...PORTRAIT,
        pose: { framing: "close", offset: 0, tilt: 0, turn: 0.15, expression: "smile" },
        quality: 80,
      }),
    );
  }

  /** A WebP swatch of an eye colour: an iris with its pupil and a glint. */
  async eyes(eyesColor: string): Promise<Buffer> {
    const option = findOption(EYE_COLORS, eyesColor);
    if (!option) {
      throw new BadRequestError(
        `Invalid querystring: eyes_color: "${eyesColor}" is not one of the options.`,
        "invalid_trait",
      );
    }
    const key = `public/custom/previews/${PREVIEW_VERSION}/eyes/${option.value}.webp`;
    const size = EYE_SWATCH;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><radialGradient id="iris"><stop offset="0.3" stop-color="${option.color}" stop-opacity="0.75"/><stop offset="1" stop-color="${option.color}"/></radialGradient></defs>
<rect width="${size}" height="${size}" fill="#f7f3ef"/>
<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.36}" fill="url(#iris)" stroke="#2a2a2a" stroke-opacity="0.35" stroke-width="2"/>
<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.14}" fill="#141414"/>
<circle cx="${size * 0.42}" cy="${size * 0.4}" r="${size * 0.05}" fill="#ffffff" fill-opacity="0.85"/>
</svg>`;
    return this.#stored(key, () => sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer());
  }

  async #stored(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    if (await this.#storage.exists(key)) return this.#storage.read(key);
    const picture = await render();
    await this.#storage.put(key, picture);
    return picture;
  }
}
