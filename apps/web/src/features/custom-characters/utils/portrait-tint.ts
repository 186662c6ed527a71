import type { Gender } from "@reverie/shared";
import { isAnimeCategory, isFemaleCategory } from "./trait-options";

/** The colours and shape of the placeholder silhouette, read from the choices so far. */
export interface PortraitTint {
  skin: string;
  hair: string;
  eyes: string;
  /** the backdrop's two gradient stops */
  backdrop: [string, string];
  hairLength: "long" | "short" | "none";
  build: "slim" | "average" | "broad";
  feminine: boolean;
}

/** Words an option's value or label may carry, to the colour they stand for (first match wins). */
const SKIN_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/porcelain|pale/, "#f8e6da"],
  [/fair|european|caucasian|white|nordic/, "#f1d0b5"],
  [/south asian|indian/, "#a86f45"],
  [/asian|japanese|korean|chinese/, "#ecc7a4"],
  [/sun kissed|latin|hispanic|mediterranean/, "#d9a47f"],
  [/middle eastern|arab|persian/, "#c68e5e"],
  [/mixed/, "#b8805a"],
  [/bronze/, "#a86f45"],
  [/deep|african|black|ebony/, "#6b3f26"],
];

const COLOUR_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/platinum|white|silver/, "#e3ddd0"],
  [/gr[ae]y/, "#8c8c8c"],
  [/blond|gold|honey/, "#d8b26a"],
  [/ginger|red|auburn|copper|crimson/, "#a8382e"],
  [/pink/, "#f2a0c0"],
  [/purple|violet|lavender/, "#9b7bd8"],
  [/mint/, "#98d8c0"],
  [/blue|azure|sapphire/, "#4f7fc6"],
  [/green|emerald|jade/, "#4f7a4a"],
  [/hazel|amber/, "#7a6a3a"],
  [/chestnut/, "#8a3b1f"],
  [/brunette|brown/, "#4a2e1c"],
  [/black|raven|dark/, "#1d1a1c"],
];

function wordsOf(values: readonly string[] | undefined): string {
  return (values ?? []).join(" ").toLowerCase().replaceAll(/[_-]/g, " ");
}

function match(words: string, table: ReadonlyArray<[RegExp, string]>): string | null {
  if (!words) return null;
  return table.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}

/** A number from a string, the same every time (so an unknown option still tints the same way). */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  }
  return value >>> 0;
}

const FALLBACK_SKIN = ["#efcdb4", "#e3b894", "#d3a27c", "#b9825a"];
const FALLBACK_HAIR = ["#2a1a14", "#3b2519", "#5a3a22", "#1f1a1d"];

function pick(list: readonly string[], seed: string): string {
  return list[hash(seed) % list.length] ?? list[0] ?? "#000000";
}

function hairLengthOf(words: string, gender: Gender | null): PortraitTint["hairLength"] {
  if (/bald|shaved/.test(words)) return "none";
  if (/short|buzz|crew|pixie|undercut|fade|spiky|quiff/.test(words)) return "short";
  if (/long|wav|curl|braid|pony|tail|straight|bun/.test(words)) return "long";
  return gender === null || isFemaleCategory(gender) ? "long" : "short";
}

function buildOf(words: string): PortraitTint["build"] {
  if (/athlet|muscul|broad|curvy|plus|thick|chubby|strong|big/.test(words)) return "broad";
  if (/slim|petite|thin|skinny|slender/.test(words)) return "slim";
  return "average";
}

/**
 * The silhouette's look for the choices made: skin from the heritage, hair colour and length from
 * the hair style, eyes from their colour, a wider build for broad body types; the backdrop's hue
 * follows the personality. Unknown words get a steady colour of their own.
 */
export function portraitTint(
  gender: Gender | null,
  traits: Readonly<Record<string, readonly string[]>>,
): PortraitTint {
  const hairWords = wordsOf(traits.hair_style);
  const bodyWords = wordsOf(traits.body_type);
  const eyes = match(wordsOf(traits.eyes_color), COLOUR_WORDS) ?? "#d88aa0";
  const hue = 330 + (hash(wordsOf(traits.personality) || "reverie") % 70);
  const anime = gender !== null && isAnimeCategory(gender);
  return {
    skin: match(wordsOf(traits.ethnicity), SKIN_WORDS) ?? pick(FALLBACK_SKIN, wordsOf(traits.ethnicity)),
    hair: match(hairWords, COLOUR_WORDS) ?? pick(FALLBACK_HAIR, hairWords),
    eyes,
    backdrop: [`hsl(${hue % 360} ${anime ? 70 : 55}% 30%)`, `hsl(${(hue + 40) % 360} 45% 12%)`],
    hairLength: hairLengthOf(hairWords, gender),
    build: buildOf(bodyWords),
    feminine: gender === null || isFemaleCategory(gender),
  };
}
