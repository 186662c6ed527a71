import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import type { BuilderStep, BuilderStepId } from "../utils/builder-steps";

/**
 * Where the user is: "Step 3 of 9" with a bar on phones, the named steps from 768 px. Steps already
 * passed can be opened again.
 */
export function BuilderProgress({
  steps,
  current,
  onOpen,
}: {
  steps: readonly BuilderStep[];
  current: number;
  onOpen: (step: BuilderStepId) => void;
}) {
  const step = steps[current];
  const ratio = steps.length > 1 ? current / (steps.length - 1) : 1;
  return (
    <nav aria-label="Steps" className="space-y-3">
      <div className="md:hidden">
        <p className="text-sm text-ink-300">
          Step {current + 1} of {steps.length}
          {step ? <span className="text-ink-100"> · {step.label}</span> : null}
        </p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-white/[0.06]" aria-hidden="true">
          <div
            className="h-full rounded-full bg-gradient-to-r from-coral-500 to-coral-400 transition-[width] duration-300"
            style={{ width: `${Math.max(ratio, 0.04) * 100}%` }}
          />
        </div>
      </div>
      <ol className="hidden flex-wrap gap-1.5 md:flex">
        {steps.map((candidate, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={candidate.id}>
              <button
                type="button"
                disabled={!done}
                aria-current={active ? "step" : undefined}
                onClick={() => onOpen(candidate.id)}
                className={cn(
                  "inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coral-400",
                  active && "border-coral-400/60 bg-coral-500/15 text-white",
                  done && "border-white/10 text-ink-200 hover:border-white/25 hover:text-white",
                  !active && !done && "cursor-default border-transparent text-ink-500",
                )}
              >
                <span
                  className={cn(
                    "grid size-5 place-items-center rounded-full text-[11px] font-semibold tabular-nums",
                    active
                      ? "bg-coral-500 text-white"
                      : done
                        ? "bg-white/10 text-ink-100"
                        : "bg-white/[0.04]",
                  )}
                >
                  {done ? <Check className="size-3" aria-hidden="true" /> : index + 1}
                </span>
                {candidate.label}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
