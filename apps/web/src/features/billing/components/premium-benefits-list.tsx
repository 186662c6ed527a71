import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { type PlanFeatures, premiumBenefits } from "../utils/premium-benefits";

/** What Premium includes, as a checklist. */
export function PremiumBenefitsList({ features, className }: { features: PlanFeatures; className?: string }) {
  return (
    <ul
      className={cn("grid gap-2.5 text-sm text-ink-200 sm:grid-cols-2", className)}
      data-testid="premium-benefits"
    >
      {premiumBenefits(features).map((line) => (
        <li key={line} className="flex items-center gap-2.5">
          <span className="grid size-5 shrink-0 place-items-center rounded-full bg-emerald-400/15">
            <Check className="size-3.5 text-emerald-300" aria-hidden="true" />
          </span>
          {line}
        </li>
      ))}
    </ul>
  );
}
