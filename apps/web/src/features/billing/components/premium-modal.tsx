import { Check, Crown } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { formatTokens } from "@/lib/format";
import { usePlans } from "../api/get-plans";
import { plansPath } from "../utils/checkout-query";
import { currentReturnPath } from "../utils/current-return-path";
import { paywallCopy } from "../utils/paywall-copy";

/** The paywall for a premium feature, labelled with its analytics source (spec section 2). */
export function PremiumModal({ source, onClose }: { source: string; onClose: () => void }) {
  const plans = usePlans();
  const copy = paywallCopy(source);
  const from = currentReturnPath(useLocation());
  useEffect(() => track(ANALYTICS_EVENTS.paywallShown, { source }), [source]);
  const features = plans.data?.features;

  return (
    <Modal
      title={copy.title}
      onClose={onClose}
      size="sm"
      testId="premium-modal"
      header={
        <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-amber-400/15 text-amber-300">
          <Crown className="size-6" aria-hidden="true" />
        </span>
      }
    >
      <p className="mt-2 text-ink-300">{copy.text}</p>
      <ul className="mt-5 space-y-2.5 text-sm text-ink-200">
        {[
          "Unlimited messages",
          "Voice messages",
          features ? `${formatTokens(features.MonthlyTokens)} tokens every month` : "Tokens every month",
          "Your own characters",
        ].map((line) => (
          <li key={line} className="flex items-center gap-2.5">
            <Check className="size-4 text-emerald-300" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ul>
      <Link
        to={plansPath({ source, from })}
        className={buttonStyles({ className: "mt-7 w-full" })}
        data-testid="see-plans"
      >
        See plans
      </Link>
    </Modal>
  );
}
