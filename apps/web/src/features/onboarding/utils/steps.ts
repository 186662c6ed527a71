import type { OnboardingVariant } from "@reverie/shared";

export type OnboardingStepId = "interest" | "character" | "build" | "hello";

export interface OnboardingStep {
  id: OnboardingStepId;
  /** the progress indicator's short name */
  label: string;
  /** the step's heading */
  title: string;
  description: string;
}

const INTEREST: OnboardingStep = {
  id: "interest",
  label: "Your interest",
  title: "Who would you like to meet?",
  description: "Pick who you're interested in. You can switch any time.",
};

const HELLO: OnboardingStep = {
  id: "hello",
  label: "Say hello",
  title: "Say hello",
  description: "We've written a first line for you. Make it yours, then send it.",
};

/** Each variant is three short steps that end in a first chat. */
export const ONBOARDING_STEPS: Record<OnboardingVariant, readonly OnboardingStep[]> = {
  meet_character: [
    INTEREST,
    {
      id: "character",
      label: "Meet",
      title: "Meet someone",
      description: "A few characters you might like. Choose the one you want to talk to.",
    },
    HELLO,
  ],
  build_character: [
    INTEREST,
    {
      id: "build",
      label: "Build",
      title: "Build your character",
      description: "Design a companion of your own: how they look, who they are, how your story begins.",
    },
    { ...HELLO, description: "Your character is on their way. Send them a first message to start." },
  ],
};

export function stepsOf(variant: OnboardingVariant): readonly OnboardingStep[] {
  return ONBOARDING_STEPS[variant];
}

/** The suggested first message: the character's own suggestion, else a friendly hello by name. */
export function suggestedFirstMessage(character: { name: string; suggestion?: string | null }): string {
  const suggestion = character.suggestion?.trim();
  if (suggestion) return suggestion;
  const name = character.name.trim();
  return name
    ? `Hi ${name}! I'm glad we met. Tell me about yourself?`
    : "Hi! I'm glad we met. Tell me about yourself?";
}
