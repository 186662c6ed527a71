import { ArrowLeft, Coins, Crown, Lock, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { formatPrice, formatTokens } from "@/lib/format";
import { usePriceToBuy } from "../hooks/use-price-to-buy";
import { useStartCheckout } from "../hooks/use-start-checkout";
import { formatPeriod, formatTokenGrant, renewalTerms } from "../utils/pricing";
import { CheckoutError } from "./checkout-error";
import { CheckoutPanel } from "./checkout-panel";

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-sm text-ink-300">{label}</dt>
      <dd className="text-right font-medium text-ink-100">{children}</dd>
    </div>
  );
}

interface CheckoutSummaryProps {
  item: "package" | "plan";
  priceId: string;
  /** where the user came from (e.g. /chat/3), to come back to after paying */
  returnPath?: string | undefined;
}

/** What is about to be bought, and the Pay button that opens the provider's payment page. */
export function CheckoutSummary({ item, priceId, returnPath }: CheckoutSummaryProps) {
  const price = usePriceToBuy(item, priceId);
  const checkout = useStartCheckout();
  const { user } = useSession();
  const back = returnPath ?? (item === "plan" ? paths.plans : paths.home);

  if (price.status === "loading") {
    return <Skeleton className="h-96 rounded-3xl" />;
  }
  if (price.status === "error") {
    return <ErrorState title="We couldn't load the prices" error={price.error} onRetry={price.retry} />;
  }
  if (price.status === "unknown") {
    return (
      <EmptyState
        tone="error"
        testId="checkout-unknown-price"
        icon={<SearchX className="size-6" aria-hidden="true" />}
        title="This offer isn't available"
        description="The link may be old or mistyped. The current plans and token packs are on the plans page."
        action={<ButtonLink to={paths.plans}>See the plans</ButtonLink>}
      />
    );
  }

  const tokens = price.status === "package";
  const amount = tokens
    ? formatPrice(price.priceCents, price.currency)
    : formatPrice(price.plan.price_cents, price.plan.currency);
  const alreadyPremium = !tokens && user?.plan === "premium";

  return (
    <CheckoutPanel
      testId="checkout-summary"
      eyebrow="Checkout"
      title={tokens ? `${formatTokens(price.tokens)} tokens` : `Premium · ${formatPeriod(price.plan)}`}
      icon={
        tokens ? (
          <Coins className="size-6" aria-hidden="true" />
        ) : (
          <Crown className="size-6" aria-hidden="true" />
        )
      }
      iconClassName="bg-amber-400/15 text-amber-300"
    >
      <p className="mt-2 text-ink-300">
        {tokens
          ? "Tokens go to your balance as soon as the payment is confirmed. They don't expire."
          : `Unlimited messages, voice messages and ${formatTokenGrant(price.plan.token_grant)}.`}
      </p>
      <dl className="mt-6 divide-y divide-white/[0.06] border-y border-white/[0.06]">
        {tokens ? (
          <>
            <Line label="Tokens">{formatTokens(price.tokens)}</Line>
            {user ? (
              <Line label="Balance after">{formatTokens(user.tokens + price.tokens)} tokens</Line>
            ) : null}
          </>
        ) : (
          <>
            <Line label="Plan">Premium, {formatPeriod(price.plan)}</Line>
            <Line label="Per month">{formatPrice(price.plan.monthly_price_cents, price.plan.currency)}</Line>
          </>
        )}
        <Line label={tokens ? "Total" : "Due today"}>
          <span className="text-lg tabular-nums">{amount}</span>
        </Line>
      </dl>
      {tokens ? (
        <p className="mt-3 text-sm text-ink-400">A one-time payment. Nothing renews.</p>
      ) : (
        <p className="mt-3 text-sm text-ink-400" data-testid="renewal-terms">
          {renewalTerms(price.plan)} Cancel anytime in Settings; you keep Premium until the end of the period
          you've paid for.
        </p>
      )}
      {alreadyPremium ? (
        <Notice className="mt-6" testId="already-premium">
          You already have Premium.{" "}
          <Link to={paths.settings} className="font-semibold underline underline-offset-2">
            Manage your plan in Settings
          </Link>
        </Notice>
      ) : null}
      {checkout.isError ? <CheckoutError className="mt-6" error={checkout.error} /> : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ButtonLink to={back} variant="ghost" icon={<ArrowLeft className="size-4" aria-hidden="true" />}>
          Back
        </ButtonLink>
        <Button
          size="lg"
          className="w-full sm:w-auto"
          loading={checkout.isBusy}
          disabled={alreadyPremium}
          onClick={() => checkout.mutate({ priceId, returnPath })}
          icon={<Lock className="size-4" aria-hidden="true" />}
          data-testid="checkout-pay"
        >
          Pay {amount}
        </Button>
      </div>
      <p className="mt-4 text-center text-xs text-ink-400 sm:text-right">
        You'll finish on our payment provider's secure page.
      </p>
    </CheckoutPanel>
  );
}
