import type { OnboardingVariant } from "@reverie/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { useSession } from "@/lib/auth";
import { markOnboardingOffered } from "@/lib/onboarding-offer";
import { type OnboardingStep, stepsOf } from "../utils/steps";
import { onboardingSource } from "../utils/variant";

/**
 * One run of a variant: the current step, moving on, and its analytics (Onboarding Started, Step
 * Completed, Completed, Skipped, each with the variant and its source label). Being shown counts as
 * the offer: the account is not sent here again automatically.
 */
export function useOnboardingFlow(variant: OnboardingVariant) {
  const { user } = useSession();
  const steps = stepsOf(variant);
  const source = onboardingSource(variant);
  const [index, setIndex] = useState(0);
  const started = useRef<OnboardingVariant | null>(null);
  const step = steps[Math.min(index, steps.length - 1)] as OnboardingStep;

  useEffect(() => {
    if (user) markOnboardingOffered(user.id);
  }, [user]);

  useEffect(() => {
    if (started.current === variant) return;
    started.current = variant;
    setIndex(0);
    track(ANALYTICS_EVENTS.onboardingStarted, { variant, source });
  }, [variant, source]);

  const props = useCallback(
    (current: OnboardingStep, at: number) => ({ variant, source, step: current.id, step_number: at + 1 }),
    [variant, source],
  );

  /** The current step is done: track it and show the next one. */
  const next = useCallback(() => {
    track(ANALYTICS_EVENTS.onboardingStepCompleted, props(step, index));
    setIndex((current) => Math.min(current + 1, steps.length - 1));
  }, [props, step, index, steps.length]);

  /** Back to an earlier step (the progress indicator's done steps). */
  const goTo = useCallback((at: number) => setIndex((current) => Math.min(at, current)), []);

  /** The last step is done: the first message went out. */
  const complete = useCallback(() => {
    track(ANALYTICS_EVENTS.onboardingStepCompleted, props(step, index));
    track(ANALYTICS_EVENTS.onboardingCompleted, { variant, source });
  }, [props, step, index, variant, source]);

  const skip = useCallback(() => {
    track(ANALYTICS_EVENTS.onboardingSkipped, props(step, index));
  }, [props, step, index]);

  return { steps, step, index, source, next, goTo, complete, skip };
}
