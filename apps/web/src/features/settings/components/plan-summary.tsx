import type { Subscription, User } from "@reverie/shared";
import { CreditCard, Crown } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatPrice } from "@/lib/format";
import { useSubscription } from "../api/get-subscription";
import { useUpdatePayment } from "../api/update-payment";
import { type PlanTone, planStatus } from "../utils/plan-status";
import { CancelSubscriptionDialog } from "./cancel-subscription-dialog";

const TONES: Record<PlanTone, string> = {
  active: "border-emerald-400/30 bg-emerald-400/10 text-emerald-200",
  warning: "border-amber-300/40 bg-amber-300/10 text-amber-100",
  ending: "border-white/15 bg-white/[0.05] text-ink-200",
};

function PlanCard({
  title,
  badge,
  children,
  actions,
}: {
  title: string;
  badge?: { label: string; tone: PlanTone };
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-white/[0.08] bg-ink-900/60 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex min-w-0 items-start gap-3.5">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-amber-300/10 text-amber-300">
          <Crown className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-display text-lg text-ink-100" data-testid="plan-name">
              {title}
            </span>
            {badge ? (
              <span
                data-testid="plan-status"
                className={cn("rounded-full border px-2 py-0.5 text-[11px] font-semibold", TONES[badge.tone])}
              >
                {badge.label}
              </span>
            ) : null}
          </p>
          <div className="mt-1 space-y-0.5 text-sm text-ink-300">{children}</div>
        </div>
      </div>
      {actions ? <div className="flex shrink-0 flex-col gap-2 sm:items-end">{actions}</div> : null}
    </div>
  );
}

function SubscriptionPlan({
  subscription,
  user,
  onCanceled,
}: {
  subscription: Subscription;
  user: Pick<User, "plan" | "payment_failed">;
  onCanceled: () => void;
}) {
  const status = planStatus(subscription, user);
  const updatePayment = useUpdatePayment();
  const [confirming, setConfirming] = useState(false);
  if (status.kind !== "subscription") return null;

  return (
    <>
      <PlanCard
        title="Premium"
        badge={{ label: status.statusLabel, tone: status.tone }}
        actions={
          status.canCancel ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming(true)}
              data-testid="cancel-subscription"
            >
              Cancel subscription
            </Button>
          ) : null
        }
      >
        <p data-testid="plan-price">
          {subscription.plan_name} · {formatPrice(subscription.price_cents, subscription.currency)}
        </p>
        <p data-testid="plan-date">{status.dateLine}</p>
      </PlanCard>
      {status.needsPaymentUpdate ? (
        <Notice tone="error" testId="payment-failed">
          <p>We couldn't charge your card for the renewal. Update your payment details to keep Premium.</p>
          <Button
            size="sm"
            className="mt-3"
            icon={<CreditCard className="size-4" aria-hidden="true" />}
            loading={updatePayment.isPending || updatePayment.isSuccess}
            onClick={() => updatePayment.mutate(undefined)}
            data-testid="update-payment"
          >
            Update payment
          </Button>
          {updatePayment.isError ? (
            <p className="mt-2 font-medium">{errorMessage(updatePayment.error)}</p>
          ) : null}
        </Notice>
      ) : null}
      {confirming ? (
        <CancelSubscriptionDialog
          subscription={subscription}
          onClose={() => setConfirming(false)}
          onCanceled={() => {
            setConfirming(false);
            onCanceled();
          }}
        />
      ) : null}
    </>
  );
}

/** The current plan: free with a way to the plans, or premium with its renewal, cancel and payment state. */
export function PlanSummary({ user }: { user: Pick<User, "plan" | "payment_failed"> }) {
  const subscription = useSubscription();
  const [canceled, setCanceled] = useState(false);
  const canceledRef = useRef<HTMLDivElement>(null);
  // The cancel button left with the dialog: focus goes to what happened instead of the page's start.
  useEffect(() => {
    if (canceled) canceledRef.current?.focus();
  }, [canceled]);

  if (subscription.isPending) {
    return (
      <div aria-busy="true" data-testid="plan-summary">
        <Skeleton className="h-24 rounded-2xl" />
      </div>
    );
  }
  if (subscription.isError) {
    return (
      <div data-testid="plan-summary">
        <ErrorState
          title="We couldn't load your plan"
          error={subscription.error}
          onRetry={() => subscription.refetch()}
        />
      </div>
    );
  }

  const current = subscription.data.subscription;
  const status = planStatus(current, user);

  return (
    <div className="space-y-4" data-testid="plan-summary" data-plan={status.kind}>
      {current && status.kind === "subscription" ? (
        <SubscriptionPlan subscription={current} user={user} onCanceled={() => setCanceled(true)} />
      ) : status.kind === "premium-unbilled" ? (
        <PlanCard title="Premium" badge={{ label: "Active", tone: "active" }}>
          <p>Premium is on for your account, with nothing to pay.</p>
        </PlanCard>
      ) : (
        <PlanCard
          title="Free plan"
          actions={
            <ButtonLink to={paths.plans} size="sm" data-testid="see-plans">
              See plans
            </ButtonLink>
          }
        >
          <p>Premium adds unlimited messages, voice messages and tokens every month.</p>
        </PlanCard>
      )}
      {canceled ? (
        <div ref={canceledRef} tabIndex={-1} className="rounded-2xl outline-none">
          <Notice tone="success" testId="cancel-result">
            Your subscription is canceled. Nothing more will be charged.
          </Notice>
        </div>
      ) : null}
    </div>
  );
}
