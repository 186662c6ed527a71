import { PAYWALL_SOURCES } from "@reverie/shared";
import { Check, Crown } from "lucide-react";
import { useEffect } from "react";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";

const BENEFITS = [
  "Unlimited messages",
  "Voice messages in their own voice",
  "New characters every month",
  "Tokens every month for photos and pictures",
];

/** /paywall for the constructor's source, coming back to the character after paying. */
export function creationPaywallPath(modelId: number): string {
  const query = new URLSearchParams({ source: PAYWALL_SOURCES.modelBuilder, from: paths.myAisItem(modelId) });
  return `${paths.paywall}?${query.toString()}`;
}

/**
 * The premium offer under a character just made by a free user a paywall sent to the constructor
 * (/my_ai?callback=paywall): a paywall of source model_builder, tracked as shown.
 */
export function CreationPaywallOffer({ modelId, name }: { modelId: number; name: string }) {
  useEffect(() => track(ANALYTICS_EVENTS.paywallShown, { source: PAYWALL_SOURCES.modelBuilder }), []);
  return (
    <section
      aria-labelledby="creation-offer-title"
      data-testid="creation-paywall-offer"
      className="relative overflow-hidden rounded-3xl border border-amber-300/20 bg-gradient-to-br from-amber-400/[0.08] via-coral-500/[0.08] to-violet-500/[0.08] p-5 sm:p-7"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-64 rounded-full bg-coral-500/20 blur-3xl"
      />
      <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-3">
          <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-amber-300 uppercase">
            <Crown className="size-4" aria-hidden="true" />
            Premium
          </p>
          <h2 id="creation-offer-title" className="font-display text-2xl text-ink-100 sm:text-3xl">
            {name} is ready. Make every moment count.
          </h2>
          <ul className="grid gap-2 text-sm text-ink-200 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-coral-300" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex shrink-0 flex-col gap-2 md:items-end">
          <ButtonLink
            to={creationPaywallPath(modelId)}
            size="lg"
            icon={<Crown className="size-4" aria-hidden="true" />}
            data-testid="creation-paywall-link"
          >
            Go Premium
          </ButtonLink>
          <p className="text-xs text-ink-400">Cancel anytime.</p>
        </div>
      </div>
    </section>
  );
}
