import { CUSTOM_LIMITS, type TraitDefinition } from "@reverie/shared";
import type { BuilderDraft } from "./builder-draft";
import { type BuilderStep, stepOfField } from "./builder-steps";

/** What keeps a field from being sent, to show beside it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The age as typed, as a whole number; null when it is not one. */
export function parseAge(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : null;
}

export function ageProblem(text: string): string | null {
  if (text.trim() === "") return "Enter their age.";
  const age = parseAge(text);
  if (age === null) return "Enter the age as a whole number.";
  if (age < CUSTOM_LIMITS.minAge) return `Characters are adults: ${CUSTOM_LIMITS.minAge} or older.`;
  if (age > CUSTOM_LIMITS.maxAge) return `Choose an age up to ${CUSTOM_LIMITS.maxAge}.`;
  return null;
}

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return "Give your character a name.";
  if (trimmed.length > CUSTOM_LIMITS.nameMaxLength) {
    return `Keep the name to ${CUSTOM_LIMITS.nameMaxLength} characters.`;
  }
  return null;
}

export function descriptionProblem(description: string): string | null {
  return description.trim().length > CUSTOM_LIMITS.descriptionMaxLength
    ? `Keep the description to ${CUSTOM_LIMITS.descriptionMaxLength} characters.`
    : null;
}

/** The values of a trait still offered (a stored draft may hold one the trait list dropped). */
export function offeredValues(draft: BuilderDraft, trait: TraitDefinition): string[] {
  return (draft.traits[trait.key] ?? []).filter((value) =>
    trait.options.some((option) => option.value === value),
  );
}

function traitProblem(draft: BuilderDraft, trait: TraitDefinition): FieldProblem | null {
  if (offeredValues(draft, trait).length > 0) return null;
  const name = trait.label.toLowerCase();
  return {
    field: trait.key,
    message: trait.multiple ? `Choose at least one: ${name}.` : `Choose the ${name}.`,
  };
}

/** The details step's problems: name, age and description. */
export function detailsProblems(draft: Pick<BuilderDraft, "name" | "age" | "description">): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = nameProblem(draft.name);
  if (name) problems.push({ field: "name", message: name });
  const age = ageProblem(draft.age);
  if (age) problems.push({ field: "age", message: age });
  const description = descriptionProblem(draft.description);
  if (description) problems.push({ field: "description", message: description });
  return problems;
}

/** What the user still has to do on a step before the next one (empty: they may go on). */
export function stepProblems(
  step: BuilderStep,
  draft: BuilderDraft,
  offered: readonly TraitDefinition[],
): FieldProblem[] {
  if (step.id === "category") {
    return draft.gender ? [] : [{ field: "gender", message: "Choose a category." }];
  }
  if (step.id === "details") return detailsProblems(draft);
  return step.traits.flatMap((key) => {
    const trait = offered.find((candidate) => candidate.key === key);
    const problem = trait ? traitProblem(draft, trait) : null;
    return problem ? [problem] : [];
  });
}

/** The first step with a problem, to send the user back to. */
export function firstStepWithProblem(problems: readonly FieldProblem[]) {
  const first = problems[0];
  return first ? stepOfField(first.field) : null;
}
