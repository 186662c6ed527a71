import {
  CUSTOM_LIMITS,
  type Gender,
  TRAIT_KEYS,
  type TraitDefinition,
  type TraitKey,
  type traitListSchema,
} from "@reverie/shared";
import type { z } from "zod";
import { BadRequestError } from "../../errors.ts";
import { PRICE_LIST } from "../billing/price-list.ts";
import {
  BODY_TYPES,
  BREAST_TYPES,
  BUTT_SIZES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_STYLES,
  HOBBIES,
  PERSONALITIES,
  RELATIONSHIPS,
  type TraitOptionSpec,
  VOICES,
} from "./trait-options.ts";
import { eyePreviewUrl, portraitPreviewUrl } from "./trait-preview-urls.ts";

export type TraitList = z.infer<typeof traitListSchema>;

/** A character's validated traits; hobbies as a list (stored and sent joined by commas). */
export interface CustomTraits {
  ethnicity: string;
  body_type: string;
  breast_type?: string | undefined;
  butt_size: string;
  eyes_color: string;
  hair_style: string;
  personality: string;
  relationship: string;
  hobbies: string[];
  voice: string;
}

/** Traits as the payload sends them: one string each, hobbies joined by commas. */
export type TraitInput = Partial<Record<TraitKey, string | undefined>>;

/**
 * How each trait is shown. Looks the procedural renderer draws faithfully (skin, hair, eyes) get
 * a picture, so what the user picks is what the portrait shows; body shapes it does not draw, and
 * traits that are not seen (personality, relationship, hobbies, voice), get an icon: a picture
 * that did not change with the choice would mislead.
 */
const TRAITS: Record<
  TraitKey,
  {
    label: string;
    options: readonly (TraitOptionSpec & { icon?: string })[];
    picture: "portrait" | "eyes" | "icon";
  }
> = {
  ethnicity: { label: "Ethnicity", options: ETHNICITIES, picture: "portrait" },
  body_type: { label: "Body type", options: BODY_TYPES, picture: "icon" },
  breast_type: { label: "Breast size", options: BREAST_TYPES, picture: "icon" },
  butt_size: { label: "Butt size", options: BUTT_SIZES, picture: "icon" },
  eyes_color: { label: "Eye color", options: EYE_COLORS, picture: "eyes" },
  hair_style: { label: "Hair", options: HAIR_STYLES, picture: "portrait" },
  personality: { label: "Personality", options: PERSONALITIES, picture: "icon" },
  relationship: { label: "Relationship", options: RELATIONSHIPS, picture: "icon" },
  hobbies: { label: "Hobbies", options: HOBBIES, picture: "icon" },
  voice: { label: "Voice", options: VOICES, picture: "icon" },
};

function listedOptions(key: TraitKey): TraitDefinition["options"] {
  const { options, picture } = TRAITS[key];
  if (picture === "portrait") {
    // the picture differs by category (a woman, a man, anime): one entry per category
    return options.flatMap((option) =>
      option.genders.map((gender) => ({
        value: option.value,
        label: option.label,
        image_url: portraitPreviewUrl(gender, { [key]: option.value }),
        icon: null,
        genders: [gender],
      })),
    );
  }
  return options.map((option) => ({
    value: option.value,
    label: option.label,
    image_url: picture === "eyes" ? eyePreviewUrl(option.value) : null,
    icon: picture === "icon" ? (option.icon ?? null) : null,
    genders: [...option.genders],
  }));
}

let cachedTraitList: TraitList | undefined;

/** GET /api/custom/traits: every trait with its options, and what a character costs. */
export function traitList(): TraitList {
  cachedTraitList ??= {
    traits: TRAIT_KEYS.map((key) => ({
      key,
      label: TRAITS[key].label,
      multiple: key === "hobbies",
      max: key === "hobbies" ? CUSTOM_LIMITS.maxHobbies : 1,
      options: listedOptions(key),
    })),
    price_tokens: PRICE_LIST.costs.customCharacter,
    free_per_month: PRICE_LIST.premiumFeatures.CustomCharacters,
  };
  return cachedTraitList;
}

function invalid(field: TraitKey, reason: string): BadRequestError {
  return new BadRequestError(`Invalid body: ${field}: ${reason}`, "invalid_trait");
}

const CATEGORY_WORDS: Record<Gender, string> = {
  female: "female",
  male: "male",
  anime_female: "anime female",
  anime_male: "anime male",
};

/** The option a value names, offered in the category; a 400 naming the field otherwise. */
export function offeredTrait(key: TraitKey, value: string, gender: Gender): string {
  const option = TRAITS[key].options.find((candidate) => candidate.value === value);
  if (!option) throw invalid(key, `"${value}" is not one of the options.`);
  if (!option.genders.includes(gender)) {
    throw invalid(key, `"${value}" is not offered for ${CATEGORY_WORDS[gender]} characters.`);
  }
  return option.value;
}

/** "reading, cooking" → ["reading", "cooking"]: trimmed, empty parts and repeats dropped. */
export function splitHobbies(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((hobby) => hobby.trim())
        .filter(Boolean),
    ),
  ];
}

function hasBreastType(gender: Gender): boolean {
  return gender === "female" || gender === "anime_female";
}

/**
 * Checks every trait against the trait list for the category: each value known and offered in
 * it, hobbies (joined by commas) each known and at most CUSTOM_LIMITS.maxHobbies, a breast type
 * for female categories only. Throws a 400 that names the first field at fault.
 */
export function validateTraits(gender: Gender, input: TraitInput): CustomTraits {
  const required = (key: Exclude<TraitKey, "breast_type" | "hobbies">): string => {
    const value = input[key]?.trim();
    if (!value) throw invalid(key, "choose one of the options.");
    return offeredTrait(key, value, gender);
  };
  const hobbies = splitHobbies(input.hobbies ?? "");
  if (hobbies.length === 0) throw invalid("hobbies", "choose at least one hobby.");
  if (hobbies.length > CUSTOM_LIMITS.maxHobbies) {
    throw invalid("hobbies", `choose at most ${CUSTOM_LIMITS.maxHobbies} hobbies.`);
  }
  const breastType = input.breast_type?.trim();
  if (breastType && !hasBreastType(gender)) {
    throw invalid(
      "breast_type",
      `only female characters have a breast size, not ${CATEGORY_WORDS[gender]} ones.`,
    );
  }
  return {
    ethnicity: required("ethnicity"),
    body_type: required("body_type"),
    ...(breastType ? { breast_type: offeredTrait("breast_type", breastType, gender) } : {}),
    butt_size: required("butt_size"),
    eyes_color: required("eyes_color"),
    hair_style: required("hair_style"),
    personality: required("personality"),
    relationship: required("relationship"),
    hobbies: hobbies.map((hobby) => offeredTrait("hobbies", hobby, gender)),
    voice: required("voice"),
  };
}

/** The traits as stored and sent (`customModelSchema.traits`): the payload's strings. */
export function traitsRecord(traits: CustomTraits): Record<string, string> {
  const { hobbies, breast_type, ...rest } = traits;
  return { ...rest, ...(breast_type ? { breast_type } : {}), hobbies: hobbies.join(",") };
}

/** Stored traits (JSON of traitsRecord), or null for a character without any (an imported card). */
export function parseStoredTraits(json: string | null): CustomTraits | null {
  if (!json) return null;
  const record = JSON.parse(json) as Record<string, string>;
  return {
    ethnicity: record.ethnicity ?? "",
    body_type: record.body_type ?? "",
    ...(record.breast_type ? { breast_type: record.breast_type } : {}),
    butt_size: record.butt_size ?? "",
    eyes_color: record.eyes_color ?? "",
    hair_style: record.hair_style ?? "",
    personality: record.personality ?? "",
    relationship: record.relationship ?? "",
    hobbies: splitHobbies(record.hobbies ?? ""),
    voice: record.voice ?? "",
  };
}
