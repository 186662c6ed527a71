import type { Plan } from "@reverie/shared";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useOfferedPlans } from "../hooks/use-offered-plans";
import { useStartCheckout } from "../hooks/use-start-checkout";
import { sortByPeriod } from "../utils/pricing";
import { CheckoutError } from "./checkout-error";
import { PlanCard } from "./plan-card";
import { PremiumBenefitsList } from "./premium-benefits-list";

const GRID_COLUMNS: Record<number, string> = {
  1: "sm:mx-auto sm:max-w-sm",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
};

/**
 * The premium plans for this visitor and what Premium includes; choosing one starts its checkout
 * (the browser goes to the provider's page).
 */
export function PlanPicker({ returnPath }: { returnPath?: string | undefined }) {
  const plans = useOfferedPlans();
  const checkout = useStartCheckout();
  const [chosen, setChosen] = useState<string | null>(null);

  if (plans.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading plans">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} className="h-64 rounded-3xl" />
        ))}
      </div>
    );
  }
  if (plans.isError) {
    return (
      <ErrorState title="We couldn't load the plans" error={plans.error} onRetry={() => plans.refetch()} />
    );
  }

  const offered: Plan[] = sortByPeriod(plans.data.plans);
  function choose(plan: Plan) {
    setChosen(plan.id);
    checkout.mutate({ priceId: plan.id, returnPath });
  }

  return (
    <div className="space-y-6">
      {checkout.isError ? <CheckoutError error={checkout.error} /> : null}
      <ul
        aria-label="Premium plans"
        className={cn("grid gap-3 sm:gap-4", GRID_COLUMNS[offered.length] ?? "sm:grid-cols-2 lg:grid-cols-4")}
      >
        {offered.map((plan) => (
          // On a phone the highlighted plan comes first, where it is seen without scrolling.
          <li key={plan.id} className={cn("grid", plan.highlighted && "order-first sm:order-none")}>
            <PlanCard
              plan={plan}
              onChoose={() => choose(plan)}
              starting={checkout.isBusy && chosen === plan.id}
              disabled={checkout.isBusy && chosen !== plan.id}
            />
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="premium-includes"
        className="rounded-3xl border border-white/[0.07] bg-ink-850/60 p-5 sm:p-6"
      >
        <h2 id="premium-includes" className="font-display text-xl text-ink-100">
          Every plan includes
        </h2>
        <PremiumBenefitsList features={plans.data.features} className="mt-4" />
      </section>
      <p className="flex items-start gap-2.5 text-sm text-ink-400" data-testid="renewal-terms">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-ink-300" aria-hidden="true" />
        <span>
          Plans renew automatically at the same price at the end of each period until you cancel. Cancel
          anytime in Settings: you keep Premium until the end of the period you've paid for, and you won't be
          charged again.
        </span>
      </p>
    </div>
  );
}
