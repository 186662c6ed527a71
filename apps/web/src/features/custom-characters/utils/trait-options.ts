import type { Gender, TraitDefinition, TraitKey } from "@reverie/shared";
import { splitHobbies } from "./hobbies";

export type TraitOption = TraitDefinition["options"][number];

/** The traits that make up how a character looks: changing one redraws the portrait. */
export const LOOK_TRAITS: readonly TraitKey[] = [
  "ethnicity",
  "body_type",
  "breast_type",
  "butt_size",
  "eyes_color",
  "hair_style",
];

/** Girls and anime girls: the categories with a breast type. */
export function isFemaleCategory(gender: Gender): boolean {
  return gender === "female" || gender === "anime_female";
}

export function isAnimeCategory(gender: Gender): boolean {
  return gender === "anime_female" || gender === "anime_male";
}

/**
 * The traits as offered in one category: each keeps only the options listed for it (anime looks in
 * the anime categories), breast type only in female ones, and a trait with nothing left goes.
 */
export function traitsForGender(traits: readonly TraitDefinition[], gender: Gender): TraitDefinition[] {
  const offered: TraitDefinition[] = [];
  for (const trait of traits) {
    if (trait.key === "breast_type" && !isFemaleCategory(gender)) continue;
    const options = trait.options.filter((option) => option.genders.includes(gender));
    if (options.length > 0) offered.push({ ...trait, options });
  }
  return offered;
}

/** How many values a trait takes: one, or up to its `max` when it takes several. */
export function maxValues(trait: Pick<TraitDefinition, "multiple" | "max">): number {
  return trait.multiple ? Math.max(1, trait.max) : 1;
}

/** The label of a value, or the value itself when the trait list does not know it (an old choice). */
export function optionLabel(trait: TraitDefinition | undefined, value: string): string {
  return trait?.options.find((option) => option.value === value)?.label ?? value;
}

/** A character's stored traits as chosen values: hobbies split again, every other trait its one value. */
export function storedTraitValues(traits: Readonly<Record<string, string>>): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(traits)) {
    // hobbies are the one trait of several values (the contract's `multiple`)
    const chosen = key === "hobbies" ? splitHobbies(value) : [value.trim()].filter(Boolean);
    if (chosen.length > 0) values[key] = chosen;
  }
  return values;
}

/** An imported character keeps its card's look and personality: only its voice is picked here. */
const CARD_EDITABLE_TRAITS: readonly string[] = ["voice"];

/** The traits an edit may change: all for a built character, the voice for an imported one. */
export function editableTraits(
  offered: readonly TraitDefinition[],
  source: "builder" | "card",
): TraitDefinition[] {
  return source === "card"
    ? offered.filter((trait) => CARD_EDITABLE_TRAITS.includes(trait.key))
    : [...offered];
}
