import { PAYWALL_SOURCES } from "@reverie/shared";
import { Check, Crown } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { paths } from "@/config/paths";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { formatTokens } from "@/lib/format";
import { usePlans } from "../api/get-plans";

/** What each paywall source is about. */
const PAYWALLS: Record<string, { title: string; text: string }> = {
  [PAYWALL_SOURCES.voiceMessageFreePlanUser]: {
    title: "Hear their voice with Premium",
    text: "Voice messages are part of Premium. Upgrade to listen to every message out loud.",
  },
};

const FALLBACK = { title: "This is a Premium feature", text: "Upgrade to Premium to use it." };

/** The paywall for a premium feature, labelled with its analytics source (spec section 2). */
export function PremiumModal({ source, onClose }: { source: string; onClose: () => void }) {
  const plans = usePlans();
  const copy = PAYWALLS[source] ?? FALLBACK;
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
        to={`${paths.plans}?source=${encodeURIComponent(source)}`}
        className={buttonStyles({ className: "mt-7 w-full" })}
        data-testid="see-plans"
      >
        See plans
      </Link>
    </Modal>
  );
}
