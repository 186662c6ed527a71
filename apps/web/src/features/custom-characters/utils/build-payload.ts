import type { CustomModel, CustomModelPayload, TraitDefinition } from "@reverie/shared";
import type { BuilderDraft } from "./builder-draft";
import { stepsFor } from "./builder-steps";
import {
  detailsProblems,
  type FieldProblem,
  offeredValues,
  parseAge,
  stepProblems,
} from "./draft-validation";
import { joinHobbies, splitHobbies } from "./hobbies";
import { storedTraitValues, traitsForGender } from "./trait-options";

export type PayloadResult<T> = { ok: true; payload: T } | { ok: false; problems: FieldProblem[] };

/** A trait's value as the API takes it: the one value, or hobbies joined by commas. */
function traitValue(trait: TraitDefinition, values: readonly string[]): string {
  return trait.multiple ? joinHobbies(values) : (values[0] ?? "");
}

/**
 * POST /api/custom/models's body from the draft, or every problem in step order. Only the traits
 * the category offers are sent: no breast type for Guys, whatever a stored draft holds.
 */
export function buildCustomModelPayload(
  draft: BuilderDraft,
  traitList: readonly TraitDefinition[],
): PayloadResult<CustomModelPayload> {
  const gender = draft.gender;
  if (!gender) return { ok: false, problems: [{ field: "gender", message: "Choose a category." }] };
  const offered = traitsForGender(traitList, gender);
  const problems = stepsFor(offered).flatMap((step) => stepProblems(step, draft, offered));
  const age = parseAge(draft.age);
  if (problems.length > 0 || age === null) return { ok: false, problems };

  const traits: Record<string, string> = {};
  for (const trait of offered) traits[trait.key] = traitValue(trait, offeredValues(draft, trait));
  // the trait list decides which traits a category has; the server checks the body against it
  const payload = {
    gender,
    name: draft.name.trim(),
    age,
    ...traits,
    description: draft.description.trim(),
  } as CustomModelPayload;
  return { ok: true, payload };
}

/** An edit's starting point: the character as it is. */
export function draftFromModel(model: CustomModel): BuilderDraft {
  return {
    gender: model.gender,
    traits: storedTraitValues(model.traits),
    name: model.name,
    age: String(model.age),
    description: model.description,
    step: "summary",
  };
}

export type CustomModelUpdate = Partial<Omit<CustomModelPayload, "gender">>;

/**
 * PATCH /api/custom/models/{id}'s body: only what changed. Traits are not required (an imported
 * card may have none), but a trait the user picked is sent as a whole.
 */
export function buildCustomModelUpdate(
  model: CustomModel,
  draft: BuilderDraft,
  /** the traits the edit may change, as offered in the character's category */
  editable: readonly TraitDefinition[],
): PayloadResult<CustomModelUpdate> {
  const problems = detailsProblems(draft);
  const age = parseAge(draft.age);
  if (problems.length > 0 || age === null) return { ok: false, problems };

  const update: Record<string, string | number> = {};
  const name = draft.name.trim();
  if (name !== model.name) update.name = name;
  if (age !== model.age) update.age = age;
  const description = draft.description.trim();
  if (description !== model.description.trim()) update.description = description;
  for (const trait of editable) {
    const values = offeredValues(draft, trait);
    if (values.length === 0) continue;
    const value = traitValue(trait, values);
    const current = model.traits[trait.key] ?? "";
    const before = trait.multiple ? joinHobbies(splitHobbies(current)) : current;
    if (value !== before) update[trait.key] = value;
  }
  return { ok: true, payload: update as CustomModelUpdate };
}
