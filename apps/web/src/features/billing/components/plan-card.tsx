import type { Plan } from "@reverie/shared";
import { Coins, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatPeriod, formatSaving, formatTokenGrant, planPriceLines } from "../utils/pricing";

interface PlanCardProps {
  plan: Plan;
  onChoose: () => void;
  /** this plan's checkout is starting */
  starting: boolean;
  /** another plan's checkout is starting */
  disabled: boolean;
}

/** One plan: its period, the price per month and for the period, the saving, its tokens and how often they come, and a button to choose it. */
export function PlanCard({ plan, onChoose, starting, disabled }: PlanCardProps) {
  const period = formatPeriod(plan);
  const saving = formatSaving(plan);
  const price = planPriceLines(plan);
  const headingId = `plan-${plan.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      data-plan-id={plan.id}
      data-highlighted={plan.highlighted || undefined}
      className={cn(
        "relative flex flex-col rounded-3xl border p-5 transition sm:p-6",
        plan.highlighted
          ? "border-coral-400/60 bg-gradient-to-b from-coral-500/[0.14] to-ink-850 shadow-glow"
          : "border-white/[0.08] bg-ink-850/80 hover:border-white/20",
      )}
    >
      {plan.highlighted || saving ? (
        <div className="mb-3 flex min-h-7 flex-wrap items-center gap-2">
          {plan.highlighted ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-coral-500 px-2.5 py-1 text-xs font-semibold text-white">
              <Sparkles className="size-3.5" aria-hidden="true" />
              Best value
            </span>
          ) : null}
          {saving ? (
            <span className="rounded-full border border-emerald-400/30 bg-emerald-400/10 px-2.5 py-1 text-xs font-semibold text-emerald-200">
              {saving}
            </span>
          ) : null}
        </div>
      ) : (
        // keeps the cards' lines level side by side
        <div aria-hidden="true" className="mb-3 hidden min-h-7 sm:block" />
      )}
      <div className="flex items-baseline justify-between gap-3 sm:block">
        <h3 id={headingId} className="font-display text-2xl text-ink-100">
          {period}
        </h3>
        <p className="flex items-baseline gap-1 text-ink-100 sm:mt-3">
          <span className="text-2xl font-semibold tabular-nums sm:text-3xl">{price.amount}</span>
          <span className="text-sm text-ink-300">{price.unit}</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-ink-300 sm:text-left">{price.detail}</p>
      <p
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-amber-200"
        data-testid="plan-token-grant"
      >
        <Coins className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
        {formatTokenGrant(plan.token_grant)}
      </p>
      <Button
        className="mt-5 w-full sm:mt-6"
        variant={plan.highlighted ? "primary" : "secondary"}
        onClick={onChoose}
        loading={starting}
        disabled={disabled}
        data-testid="choose-plan"
      >
        {starting ? "Opening checkout…" : `Choose ${period}`}
      </Button>
    </article>
  );
}
