import type { Gender } from "@reverie/shared";
import { Rng } from "../../lib/seeded-random.ts";
import {
  type CharacterLook,
  OUTFIT_COLORS,
  OUTFIT_STYLES,
  type OutfitStyle,
} from "../../providers/image/procedural/index.ts";
import {
  BODY_TYPES,
  BREAST_TYPES,
  BUTT_SIZES,
  defaultOption,
  ETHNICITIES,
  EYE_COLORS,
  findOption,
  HAIR_STYLES,
  HOBBIES,
  type TraitOptionSpec,
} from "./trait-options.ts";

/** What a personality tends to wear, so a confident character does not come out in a hoodie. */
const OUTFITS_BY_PERSONALITY: Record<string, readonly OutfitStyle[]> = {
  playful: ["tee", "hoodie", "scoop"],
  sweet: ["cardigan", "sweater", "scoop"],
  shy: ["cardigan", "sweater", "turtleneck"],
  confident: ["blazer", "shirt", "vneck"],
  mysterious: ["turtleneck", "jacket", "blazer"],
  caring: ["sweater", "cardigan", "shirt"],
  sarcastic: ["jacket", "tee", "hoodie"],
  adventurous: ["jacket", "tee", "hoodie"],
  romantic: ["vneck", "shirt", "scoop"],
  calm: ["turtleneck", "sweater", "shirt"],
};

/** The looks a picture of a character is drawn from: what the constructor calls them. */
export interface LookTraits {
  ethnicity?: string | undefined;
  hair_style?: string | undefined;
  eyes_color?: string | undefined;
  body_type?: string | undefined;
  breast_type?: string | undefined;
  butt_size?: string | undefined;
  personality?: string | undefined;
  hobbies?: readonly string[] | undefined;
}

function chosen<Option extends TraitOptionSpec>(
  options: readonly Option[],
  value: string | undefined,
  gender: Gender,
): Option {
  const option = findOption(options, value);
  return option?.genders.includes(gender) ? option : defaultOption(options, gender);
}

/**
 * A custom character's look from its traits: skin from the ethnicity, hair and eyes as chosen,
 * where its pictures are set from its first hobby, and its clothes from its personality. What the
 * traits do not say (the outfit's colours, an accessory, a beard) comes from `seed` (the slug),
 * so every picture of one character shows the same person. Always an adult, always dressed.
 */
export function lookFromTraits(traits: LookTraits, gender: Gender, seed: string): CharacterLook {
  const rng = new Rng(`look:${seed}`);
  const masculine = gender === "male" || gender === "anime_male";
  const ethnicity = chosen(ETHNICITIES, traits.ethnicity, gender);
  const hair = chosen(HAIR_STYLES, traits.hair_style, gender);
  const eyes = chosen(EYE_COLORS, traits.eyes_color, gender);
  const hobby = findOption(HOBBIES, traits.hobbies?.[0]);
  const outfits = OUTFITS_BY_PERSONALITY[traits.personality ?? ""] ?? OUTFIT_STYLES;
  const primary = rng.pick(OUTFIT_COLORS);
  const descriptors = [
    ethnicity.words,
    findOption(BODY_TYPES, traits.body_type)?.words,
    masculine ? null : findOption(BREAST_TYPES, traits.breast_type)?.words,
    findOption(BUTT_SIZES, traits.butt_size)?.words,
  ].filter((words): words is string => Boolean(words));
  return {
    build: masculine ? "masculine" : "feminine",
    skin: ethnicity.skin,
    hair: { style: hair.style, color: hair.color, ...(hair.accent ? { accent: hair.accent } : {}) },
    eyes: eyes.color,
    outfit: {
      style: rng.pick(outfits),
      primary,
      secondary: rng.pick(OUTFIT_COLORS.filter((color) => color !== primary)),
    },
    accessories: masculine ? [] : [rng.pick(["earrings", "necklace"] as const)],
    ...(masculine ? { facialHair: rng.pick(["none", "stubble", "beard"] as const) } : {}),
    favoriteScene: hobby?.scene ?? "studio",
    descriptors,
  };
}
