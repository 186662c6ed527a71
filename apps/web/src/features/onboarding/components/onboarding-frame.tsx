import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { OnboardingStep } from "../utils/steps";
import { OnboardingProgress } from "./onboarding-progress";

/**
 * The onboarding's page: a welcome line with Skip, the progress ("Step 1 of 3"), the step's heading
 * and text, then the step. A new step takes the focus to its heading, so keyboards and screen
 * readers start there.
 */
export function OnboardingFrame({
  variant,
  steps,
  current,
  onOpen,
  onSkip,
  wide = false,
  children,
}: {
  variant: string;
  steps: readonly OnboardingStep[];
  current: number;
  onOpen: (index: number) => void;
  onSkip: () => void;
  /** the constructor needs the room of a full page */
  wide?: boolean;
  children: ReactNode;
}) {
  const step = steps[current];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [current]);

  return (
    <div
      className={cn(
        "mx-auto w-full space-y-6 px-4 pt-5 pb-12 sm:px-6 md:pt-10",
        wide ? "max-w-6xl lg:px-10" : "max-w-3xl",
      )}
      data-testid="onboarding"
      data-variant={variant}
      data-step={step?.id}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Welcome to Reverie</p>
        <Button variant="ghost" size="sm" onClick={onSkip} data-testid="onboarding-skip">
          Skip
        </Button>
      </div>
      <OnboardingProgress steps={steps} current={current} onOpen={onOpen} />
      {step ? (
        <header className="space-y-1.5">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="font-display text-3xl text-ink-100 outline-none sm:text-4xl"
          >
            {step.title}
          </h1>
          <p className="text-ink-300">{step.description}</p>
        </header>
      ) : null}
      <section aria-label={step?.title}>{children}</section>
    </div>
  );
}
