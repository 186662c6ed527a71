import type { Gender, TraitDefinition } from "@reverie/shared";
import { parseGender } from "@/hooks/use-gender-preference";
import { maxValues, traitsForGender } from "./trait-options";

/**
 * A character being built: the category, the values chosen per trait (one, or several for
 * hobbies), and the free-text fields as typed (the age too, so a half-typed number survives).
 */
export interface BuilderDraft {
  gender: Gender | null;
  traits: Record<string, string[]>;
  name: string;
  age: string;
  description: string;
  /** the step the user was on, so coming back from buying tokens lands where they left */
  step: string;
}

export const EMPTY_DRAFT: BuilderDraft = {
  gender: null,
  traits: {},
  name: "",
  age: "",
  description: "",
  step: "category",
};

/** A trait's values after picking `value`: a single trait takes it; a multiple one toggles it, up to its max. */
export function pickValue(
  current: readonly string[],
  trait: Pick<TraitDefinition, "multiple" | "max">,
  value: string,
): string[] {
  if (!trait.multiple) return [value];
  if (current.includes(value)) return current.filter((chosen) => chosen !== value);
  if (current.length >= maxValues(trait)) return [...current];
  return [...current, value];
}

export function withTraitValue(draft: BuilderDraft, trait: TraitDefinition, value: string): BuilderDraft {
  const current = draft.traits[trait.key] ?? [];
  return { ...draft, traits: { ...draft.traits, [trait.key]: pickValue(current, trait, value) } };
}

/**
 * The draft in another category: what is still offered there stays chosen, the rest is dropped
 * (a breast type leaving for Guys, anime hair leaving for Girls).
 */
export function withGender(
  draft: BuilderDraft,
  gender: Gender,
  traitList: readonly TraitDefinition[],
): BuilderDraft {
  const offered = traitsForGender(traitList, gender);
  const traits: Record<string, string[]> = {};
  for (const trait of offered) {
    const kept = (draft.traits[trait.key] ?? []).filter((value) =>
      trait.options.some((option) => option.value === value),
    );
    if (kept.length > 0) traits[trait.key] = kept;
  }
  return { ...draft, gender, traits };
}

/** A stored draft, or null when there is none or it is not one (another version, hand-edited). */
export function parseDraft(text: string | null): BuilderDraft | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  const record = data as Record<string, unknown>;
  const traits: Record<string, string[]> = {};
  if (record.traits && typeof record.traits === "object") {
    for (const [key, values] of Object.entries(record.traits)) {
      if (Array.isArray(values)) traits[key] = values.filter((value) => typeof value === "string");
    }
  }
  return {
    gender: parseGender(typeof record.gender === "string" ? record.gender : null),
    traits,
    name: stringOrEmpty(record.name),
    age: stringOrEmpty(record.age),
    description: stringOrEmpty(record.description),
    step: stringOrEmpty(record.step) || EMPTY_DRAFT.step,
  };
}

/** Whether the user has chosen or typed anything yet (an untouched draft is not kept). */
export function isDraftStarted(draft: BuilderDraft): boolean {
  return (
    draft.gender !== null ||
    Object.values(draft.traits).some((values) => values.length > 0) ||
    draft.name.trim() !== "" ||
    draft.age.trim() !== "" ||
    draft.description.trim() !== ""
  );
}

function stringOrEmpty(value: unknown): string {
  return typeof value === "string" ? value : "";
}
