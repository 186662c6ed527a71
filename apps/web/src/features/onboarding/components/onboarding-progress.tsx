import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import type { OnboardingStep } from "../utils/steps";

/** "Step 1 of 3" with a bar, and the named steps (done ones can be opened again). */
export function OnboardingProgress({
  steps,
  current,
  onOpen,
}: {
  steps: readonly OnboardingStep[];
  current: number;
  onOpen: (index: number) => void;
}) {
  const ratio = (current + 1) / steps.length;
  return (
    <nav aria-label="Onboarding progress" className="space-y-3" data-testid="onboarding-progress">
      <p className="text-sm text-ink-300" data-testid="onboarding-step-count">
        Step {current + 1} of {steps.length}
      </p>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-white/[0.06]"
        role="progressbar"
        aria-label="Onboarding"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={current + 1}
        aria-valuetext={`Step ${current + 1} of ${steps.length}`}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-coral-500 to-coral-400 transition-[width] duration-300"
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-1.5 text-xs sm:text-sm">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  "grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-semibold",
                  done && "bg-emerald-400/20 text-emerald-300",
                  active && "bg-coral-500 text-white",
                  !done && !active && "bg-white/[0.06] text-ink-400",
                )}
              >
                {done ? <Check className="size-3" /> : index + 1}
              </span>
              <span className="truncate">{step.label}</span>
              {done ? <span className="sr-only"> (done)</span> : null}
            </>
          );
          return (
            <li key={step.id} aria-current={active ? "step" : undefined} className="min-w-0">
              {done ? (
                <button
                  type="button"
                  onClick={() => onOpen(index)}
                  className="flex w-full min-w-0 items-center gap-1.5 rounded-full py-1 text-left text-ink-200 hover:text-white focus-visible:outline-2 focus-visible:outline-coral-400"
                >
                  {content}
                </button>
              ) : (
                <span
                  className={cn(
                    "flex min-w-0 items-center gap-1.5 py-1",
                    active ? "font-medium text-ink-100" : "text-ink-400",
                  )}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
