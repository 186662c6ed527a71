import { Coins, Crown, Settings } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatTokens } from "@/lib/format";
import { useSubscription } from "../api/get-subscription";
import { formatLongDate } from "../utils/format-date";

/** A premium user's plan instead of the offer: what they have, until when, and where to manage it. */
export function CurrentPlan({ tokens }: { tokens: number }) {
  const subscription = useSubscription();
  const current = subscription.data?.subscription;
  const date = current ? formatLongDate(current.current_period_end) : "";

  return (
    <Card className="relative overflow-hidden p-6 sm:p-8" data-testid="current-plan">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-20 size-72 rounded-full bg-amber-300/10 blur-3xl"
      />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-amber-400/15 text-amber-300">
          <Crown className="size-7" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-display text-2xl text-ink-100">You're on Premium</h2>
          {subscription.isPending ? (
            <Skeleton className="mt-2 h-4 w-56" />
          ) : current ? (
            <p className="mt-1 text-ink-300">
              {current.plan_name}
              {date ? (current.cancel_at_period_end ? ` · ends on ${date}` : ` · renews on ${date}`) : null}
            </p>
          ) : (
            <p className="mt-1 text-ink-300">Unlimited messages, voice and monthly tokens are yours.</p>
          )}
          <p className="mt-3 inline-flex items-center gap-2 text-sm text-ink-200">
            <Coins className="size-4 text-amber-300" aria-hidden="true" />
            <span>
              <strong className="font-semibold tabular-nums">{formatTokens(tokens)}</strong> tokens
            </span>
          </p>
        </div>
        <ButtonLink
          to={paths.settings}
          variant="secondary"
          icon={<Settings className="size-4" aria-hidden="true" />}
          data-testid="manage-plan"
        >
          Manage your plan
        </ButtonLink>
      </div>
    </Card>
  );
}
