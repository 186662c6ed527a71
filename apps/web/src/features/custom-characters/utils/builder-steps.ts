import type { TraitDefinition, TraitKey } from "@reverie/shared";

export type BuilderStepId =
  | "category"
  | "look"
  | "body"
  | "personality"
  | "relationship"
  | "hobbies"
  | "voice"
  | "details"
  | "summary";

export interface BuilderStep {
  id: BuilderStepId;
  /** the step's name in the progress list */
  label: string;
  title: string;
  description: string;
  /** the traits picked on this step, in this order */
  traits: readonly TraitKey[];
}

/** The constructor's steps, in order: category, then look, figure, who they are, and the details. */
export const BUILDER_STEPS: readonly BuilderStep[] = [
  {
    id: "category",
    label: "Category",
    title: "Who would you like to create?",
    description: "Pick a category. Anime categories come with their own looks.",
    traits: [],
  },
  {
    id: "look",
    label: "Look",
    title: "Their look",
    description: "Heritage, hair and eyes.",
    traits: ["ethnicity", "hair_style", "eyes_color"],
  },
  {
    id: "body",
    label: "Figure",
    title: "Their figure",
    description: "How they're built.",
    traits: ["body_type", "breast_type", "butt_size"],
  },
  {
    id: "personality",
    label: "Personality",
    title: "Their personality",
    description: "How they talk to you and how they react.",
    traits: ["personality"],
  },
  {
    id: "relationship",
    label: "Relationship",
    title: "Who are they to you?",
    description: "Where your story together begins.",
    traits: ["relationship"],
  },
  {
    id: "hobbies",
    label: "Hobbies",
    title: "What they love doing",
    description: "Pick a few: they'll bring them up in your chats.",
    traits: ["hobbies"],
  },
  {
    id: "voice",
    label: "Voice",
    title: "Their voice",
    description: "How their voice messages will sound.",
    traits: ["voice"],
  },
  {
    id: "details",
    label: "Name",
    title: "Name and story",
    description: "What they're called, how old they are, and anything else about them.",
    traits: [],
  },
  {
    id: "summary",
    label: "Summary",
    title: "Meet your character",
    description: "Check everything, then bring them to life.",
    traits: [],
  },
];

/** The steps with something to pick in the offered traits (a step whose traits are all missing is skipped). */
export function stepsFor(offered: readonly TraitDefinition[]): BuilderStep[] {
  const keys = new Set(offered.map((trait) => trait.key));
  return BUILDER_STEPS.filter((step) => step.traits.length === 0 || step.traits.some((key) => keys.has(key)));
}

/** The traits of a step as offered, in the step's order. */
export function traitsOfStep(step: BuilderStep, offered: readonly TraitDefinition[]): TraitDefinition[] {
  return step.traits.flatMap((key) => offered.filter((trait) => trait.key === key));
}

/** The step that picks a field (a trait key, or name, age, description, gender). */
export function stepOfField(field: string): BuilderStepId {
  if (field === "gender") return "category";
  const step = BUILDER_STEPS.find((candidate) => (candidate.traits as readonly string[]).includes(field));
  return step?.id ?? "details";
}
