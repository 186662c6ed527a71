import type { TraitDefinition } from "@reverie/shared";
import { BUILDER_STEPS } from "./builder-steps";
import { optionLabel, storedTraitValues } from "./trait-options";

export interface TraitRow {
  key: string;
  label: string;
  values: string[];
}

/** "eyes_color" → "Eyes color", for a trait the trait list does not name (not loaded, or retired). */
function keyLabel(key: string): string {
  const words = key.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A character's traits to show, in the constructor's order, named as the trait list names them. */
export function traitRows(
  traits: Readonly<Record<string, string>>,
  traitList: readonly TraitDefinition[] | undefined,
): TraitRow[] {
  const chosen = storedTraitValues(traits);
  const order = BUILDER_STEPS.flatMap((step) => step.traits as readonly string[]);
  const keys = Object.keys(chosen).sort((a, b) => rank(order, a) - rank(order, b));
  return keys.map((key) => {
    const trait = traitList?.find((candidate) => candidate.key === key);
    return {
      key,
      label: trait?.label ?? keyLabel(key),
      values: (chosen[key] ?? []).map((value) => optionLabel(trait, value)),
    };
  });
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index < 0 ? order.length : index;
}
