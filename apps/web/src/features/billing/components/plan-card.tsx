import type { Plan } from "@reverie/shared";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatPrice } from "@/lib/format";
import { formatBillingCycle, formatPeriod, formatSaving, isMonthly } from "../utils/pricing";

interface PlanCardProps {
  plan: Plan;
  onChoose: () => void;
  /** this plan's checkout is starting */
  starting: boolean;
  /** another plan's checkout is starting */
  disabled: boolean;
}

/** One plan: its period, the price per month and for the period, the saving, and a button to choose it. */
export function PlanCard({ plan, onChoose, starting, disabled }: PlanCardProps) {
  const period = formatPeriod(plan);
  const saving = formatSaving(plan);
  const monthly = isMonthly(plan);
  const headingId = `plan-${plan.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      data-plan-id={plan.id}
      className={cn(
        "relative flex flex-col rounded-3xl border p-5 transition sm:p-6",
        plan.highlighted
          ? "border-coral-400/60 bg-gradient-to-b from-coral-500/[0.14] to-ink-850 shadow-glow"
          : "border-white/[0.08] bg-ink-850/80 hover:border-white/20",
      )}
    >
      <div className="flex min-h-7 flex-wrap items-center gap-2">
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
      <h3 id={headingId} className="mt-3 font-display text-2xl text-ink-100">
        {period}
      </h3>
      <p className="mt-3 flex items-baseline gap-1 text-ink-100">
        <span className="text-3xl font-semibold tabular-nums">
          {formatPrice(plan.monthly_price_cents, plan.currency)}
        </span>
        <span className="text-sm text-ink-300">/month</span>
      </p>
      <p className="mt-1 text-sm text-ink-300">
        {monthly
          ? "Billed every month"
          : `${formatPrice(plan.price_cents, plan.currency)} billed ${formatBillingCycle(plan)}`}
      </p>
      <Button
        className="mt-6 w-full"
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
