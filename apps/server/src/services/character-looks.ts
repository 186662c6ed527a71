import type { Gender } from "@reverie/shared";
import { CHARACTERS } from "../db/seed/characters.ts";
import { Rng } from "../lib/seeded-random.ts";
import {
  type CharacterLook,
  HAIR_STYLES,
  type HairStyle,
  OUTFIT_COLORS,
  OUTFIT_STYLES,
  SCENE_IDS,
} from "../providers/image/procedural/index.ts";
import { lookFromTraits } from "./custom-characters/trait-looks.ts";
import { parseStoredTraits } from "./custom-characters/traits.ts";

const SKIN = ["#f1d0b5", "#e6b897", "#d9a47f", "#c68e5e", "#a86f45", "#8a5534", "#6b3f26", "#4f2e1c"];
const HAIR = ["#1d1a1c", "#2a1a14", "#3b2519", "#5a3a22", "#8a3b1f", "#b07a3f", "#d8b26a", "#e9e1cf"];
const EYES = ["#5a3a22", "#3b2519", "#3f6e8c", "#4f7a4a", "#7a6a3a", "#2d2d2d"];
const LONG_HAIR: readonly HairStyle[] = HAIR_STYLES.slice(0, 7);
const SHORT_HAIR: readonly HairStyle[] = HAIR_STYLES.slice(7);

const SEEDED_LOOKS = new Map(CHARACTERS.map((character) => [character.slug, character.look]));

/**
 * What a character looks like in pictures: the catalog look for seeded characters; a user's own
 * character's from the traits it was built with (`traits`, the stored JSON); for any other (an
 * imported card) a look chosen from its slug. Each stays the same every time.
 */
export function lookForCharacter(character: {
  slug: string;
  gender: Gender;
  traits?: string | null;
}): CharacterLook {
  if (character.traits) {
    const traits = parseStoredTraits(character.traits);
    if (traits) return lookFromTraits(traits, character.gender, character.slug);
  }
  const seeded = SEEDED_LOOKS.get(character.slug);
  if (seeded) return seeded;
  const rng = new Rng(`look:${character.slug}`);
  const masculine = character.gender === "male" || character.gender === "anime_male";
  const primary = rng.pick(OUTFIT_COLORS);
  return {
    build: masculine ? "masculine" : "feminine",
    skin: rng.pick(SKIN),
    hair: { style: rng.pick(masculine ? SHORT_HAIR : LONG_HAIR), color: rng.pick(HAIR) },
    eyes: rng.pick(EYES),
    outfit: {
      style: rng.pick(OUTFIT_STYLES),
      primary,
      secondary: rng.pick(OUTFIT_COLORS.filter((color) => color !== primary)),
    },
    accessories: masculine ? [] : [rng.pick(["earrings", "necklace"] as const)],
    ...(masculine ? { facialHair: rng.pick(["none", "stubble", "beard"] as const) } : {}),
    favoriteScene: rng.pick(SCENE_IDS),
  };
}
