import { Rng } from "../../lib/seeded-random.ts";
import { type PictureDetails, parsePictureDetails, sceneForPlace } from "./picture-details.ts";
import { luminance, parseHex } from "./procedural/color.ts";
import {
  type CharacterLook,
  type HairStyle,
  OUTFIT_COLORS,
  OUTFIT_STYLES,
  type OutfitStyle,
  SCENE_IDS,
  type SceneId,
} from "./procedural/index.ts";
import type { ImageRequest } from "./types.ts";

/** What text-to-image models are told to leave out: nudity, anyone who looks young, and defects. */
export const SAFETY_NEGATIVE_PROMPT = [
  "nsfw",
  "nude",
  "naked",
  "topless",
  "nipples",
  "explicit",
  "sexual",
  "lingerie",
  "underwear",
  "see-through",
  "child",
  "children",
  "kid",
  "minor",
  "underage",
  "teen",
  "teenager",
  "young-looking",
  "loli",
  "shota",
  "school uniform",
  "deformed",
  "bad anatomy",
  "extra limbs",
  "extra fingers",
  "blurry",
  "watermark",
  "text",
  "logo",
].join(", ");

const SCENE_DESCRIPTIONS: Record<SceneId, string> = {
  studio: "in a softly lit photo studio with a plain backdrop",
  city_night: "in the city at night, warm street lights and bokeh",
  beach_sunset: "on a beach at sunset, golden light over the sea",
  beach_day: "on a sunny beach, blue sea and white sand",
  cafe: "in a cosy cafe with warm light and coffee cups",
  forest: "on a forest trail, green trees and dappled sunlight",
  neon_street: "on a rainy street with neon signs at night",
  library: "in a quiet library between tall bookshelves",
  rooftop: "on a rooftop terrace at dusk with string lights",
  snowy_cabin: "outside a snowy cabin in winter, wearing a scarf",
  garden: "in a flower garden on a bright spring day",
  sakura: "under blooming cherry trees with falling petals",
  bridge: "on an old stone bridge over a river, the city behind",
  bedroom: "in a cosy bedroom with soft lamp light",
};

const HAIR_DESCRIPTIONS: Record<HairStyle, string> = {
  long: "long straight",
  wavy: "long wavy",
  bob: "bob-cut",
  ponytail: "ponytailed",
  bun: "tied-up bun",
  curly: "curly",
  pixie: "pixie-cut",
  short: "short",
  buzz: "buzz-cut",
  quiff: "quiffed",
  curly_short: "short curly",
  medium: "medium-length",
  spiky: "spiky",
};

const OUTFIT_DESCRIPTIONS: Record<OutfitStyle, string> = {
  tee: "t-shirt",
  vneck: "v-neck top",
  shirt: "button-up shirt",
  blazer: "blazer",
  turtleneck: "turtleneck sweater",
  hoodie: "hoodie",
  sweater: "knit sweater",
  scoop: "scoop-neck top",
  jacket: "jacket",
  cardigan: "cardigan",
};

/** Colour names a prompt can use, with a representative shade each. */
const COLOR_NAMES: readonly [string, string][] = [
  ["black", "#141414"],
  ["dark brown", "#3b2519"],
  ["brown", "#6b4226"],
  ["chestnut", "#8a3b1f"],
  ["light brown", "#a67b5b"],
  ["honey blonde", "#b07a3f"],
  ["blonde", "#d8b26a"],
  ["platinum blonde", "#e9e1cf"],
  ["grey", "#8c8c8c"],
  ["white", "#f5f5f5"],
  ["cream", "#f3e6cf"],
  ["beige", "#d9c6a5"],
  ["red", "#b8283a"],
  ["burgundy", "#6b2030"],
  ["pink", "#e58fb0"],
  ["orange", "#e07a2e"],
  ["mustard", "#d9a13a"],
  ["yellow", "#f0d040"],
  ["olive", "#6b6b2e"],
  ["green", "#2e8b3e"],
  ["sage green", "#5f7a6a"],
  ["emerald", "#1f5f4a"],
  ["teal", "#3fa8b8"],
  ["light blue", "#8fc1e3"],
  ["blue", "#2f5fb8"],
  ["navy", "#2b3a67"],
  ["purple", "#6a3d9a"],
  ["lavender", "#b9a3d9"],
  ["charcoal", "#333840"],
];

/** The nearest colour name for a "#rrggbb" colour. */
export function colorName(hex: string): string {
  const { r, g, b } = parseHex(hex);
  let best = COLOR_NAMES[0]?.[0] ?? "black";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, shade] of COLOR_NAMES) {
    const other = parseHex(shade);
    // weighted RGB distance: close enough to how people name colours
    const distance = 2 * (r - other.r) ** 2 + 4 * (g - other.g) ** 2 + 3 * (b - other.b) ** 2;
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Where a requested picture is set: the place the user names ("at the beach", "Charles Bridge"),
 * otherwise the character's favourite place or, now and then, another one, chosen from the seed
 * so that two requests differ while a retry of one request gives the same picture.
 */
export function pictureScene(request: string | PictureDetails, look: CharacterLook, seed: string): SceneId {
  const details = typeof request === "string" ? parsePictureDetails(request) : request;
  const named = sceneForPlace(details.place, details.time);
  if (named) return named;
  const rng = new Rng(`scene:${seed}`);
  return rng.chance(0.4) ? look.favoriteScene : rng.pick(SCENE_IDS);
}

/** Colours an outfit is picked from when the request does not say what the character wears. */
const WARDROBE = [...OUTFIT_COLORS, "#e58fb0", "#f2f0ea", "#6a3d9a"];

/**
 * The character as this picture shows them: the same face, hair and eyes always; the clothes the
 * request asks for ("a red coat"), else, now and then, another outfit from their wardrobe (chosen
 * from the seed), so that a series of selfies is not one outfit against changing backgrounds.
 */
export function lookForPicture(look: CharacterLook, details: PictureDetails, seed: string): CharacterLook {
  const rng = new Rng(`outfit:${seed}`);
  const asked = details.clothing;
  if (!asked && rng.chance(0.3)) return look;
  const style =
    asked?.garment ??
    (asked ? look.outfit.style : rng.pick(OUTFIT_STYLES.filter((s) => s !== look.outfit.style)));
  const primary = asked?.color?.hex ?? (asked ? look.outfit.primary : rng.pick(WARDROBE));
  const secondary =
    look.outfit.secondary.toLowerCase() === primary.toLowerCase()
      ? rng.pick(WARDROBE.filter((color) => color !== primary))
      : look.outfit.secondary;
  return { ...look, outfit: { ...look.outfit, style, primary, secondary } };
}

const MAX_DETAILS_LENGTH = 160;

/**
 * The part of a request that says what the picture should show: "send me a photo of you at the
 * beach" → "at the beach". Empty when the request only asks for a picture.
 */
export function requestDetails(request: string): string {
  const flat = request.replace(/\s+/g, " ").trim();
  const start = flat.search(/\b(of (you|yourself|u)|in|at|on|with|wearing|while|doing|from|near|by)\b/i);
  if (start < 0) return "";
  const details = flat
    .slice(start)
    .replace(/^of (you|yourself|u)\b/i, "")
    .replace(/[^\p{L}\p{N}\s,'-]/gu, "")
    .trim();
  return details.length > MAX_DETAILS_LENGTH ? details.slice(0, MAX_DETAILS_LENGTH).trim() : details;
}

function personWord(request: ImageRequest): string {
  const masculine = request.character.gender === "male" || request.character.gender === "anime_male";
  return masculine ? "man" : "woman";
}

function skinDescription(hex: string): string {
  const light = luminance(hex);
  if (light > 0.75) return "fair skin";
  if (light > 0.6) return "light skin";
  if (light > 0.45) return "olive skin";
  if (light > 0.32) return "brown skin";
  return "dark brown skin";
}

/** How the character looks, in words. */
export function describeLook(look: CharacterLook): string {
  const parts = [
    ...(look.descriptors ?? []),
    skinDescription(look.skin),
    `${HAIR_DESCRIPTIONS[look.hair.style]} ${colorName(look.hair.color)} hair`,
    `${colorName(look.eyes)} eyes`,
  ];
  if (look.facialHair === "stubble") parts.push("light stubble");
  if (look.facialHair === "beard") parts.push("a trimmed beard");
  parts.push(`wearing a ${colorName(look.outfit.primary)} ${OUTFIT_DESCRIPTIONS[look.outfit.style]}`);
  if (look.accessories && look.accessories.length > 0) parts.push(look.accessories.join(" and "));
  return parts.join(", ");
}

/**
 * The text prompt for a text-to-image model: the character (an adult, fully clothed), the place,
 * what the user asked for, and the style; plus the safety negative prompt.
 */
export function buildImagePrompt(request: ImageRequest): { prompt: string; negativePrompt: string } {
  const anime = request.style === "anime";
  const subject = `${request.character.name}, a ${request.character.age}-year-old adult ${personWord(request)}`;
  const details = requestDetails(request.request);
  const parts = [
    anime ? "anime illustration, clean line art, cel shading" : "photograph, realistic, natural light, 50mm",
    `portrait of ${subject}`,
    describeLook(request.look),
    SCENE_DESCRIPTIONS[request.scene],
    ...(details ? [details] : []),
    "fully clothed, tasteful, friendly expression, looking at the camera",
    anime ? "high quality anime art" : "high quality, detailed, sharp focus",
  ];
  return { prompt: parts.join(", "), negativePrompt: SAFETY_NEGATIVE_PROMPT };
}
