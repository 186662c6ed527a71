import type { Order, User } from "@reverie/shared";
import {
  ArrowRight,
  CircleSlash,
  Coins,
  Crown,
  Hourglass,
  RotateCcw,
  SearchX,
  TriangleAlert,
} from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { formatTokens } from "@/lib/format";
import { usePlans } from "../api/get-plans";
import { usePaymentConfirmation } from "../hooks/use-payment-confirmation";
import { useStartCheckout } from "../hooks/use-start-checkout";
import { checkoutOutcome } from "../utils/payment-confirmation";
import { safeReturnPath } from "../utils/return-path";
import { CheckoutError } from "./checkout-error";
import { CheckoutPanel } from "./checkout-panel";

interface CheckoutReturnProps {
  orderId: string;
  /** the provider sent the user back with status=canceled */
  canceledByUser: boolean;
  /** where the user was before the checkout; home when unknown */
  returnPath?: string | undefined;
}

function Balance({ user }: { user: User }) {
  return (
    <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/[0.04] px-3.5 py-1.5 text-sm text-ink-200">
      <Coins className="size-4 text-amber-300" aria-hidden="true" />
      <span>
        Your balance:{" "}
        <strong className="font-semibold tabular-nums" data-testid="checkout-balance">
          {formatTokens(user.tokens)}
        </strong>{" "}
        tokens
      </span>
    </p>
  );
}

/** The way on from the return page: back where the user was, or home. */
function Actions({ returnPath, children }: { returnPath: string | undefined; children?: ReactNode }) {
  return (
    <div className="mt-7 flex flex-col gap-3 sm:flex-row">
      {children}
      <ButtonLink
        to={returnPath ?? paths.home}
        variant={children ? "secondary" : "primary"}
        icon={<ArrowRight className="size-4" aria-hidden="true" />}
        data-testid="checkout-continue"
      >
        {returnPath ? "Back to where you were" : "Back to Reverie"}
      </ButtonLink>
    </div>
  );
}

/** Pay for the same thing again, after a failed or canceled payment. */
function TryAgain({ order, returnPath }: { order: Order; returnPath: string | undefined }) {
  const checkout = useStartCheckout();
  return (
    <>
      {checkout.isError ? <CheckoutError className="mt-5" error={checkout.error} /> : null}
      <Actions returnPath={returnPath}>
        <Button
          loading={checkout.isBusy}
          onClick={() => checkout.mutate({ priceId: order.price_id, returnPath })}
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
          data-testid="checkout-try-again"
        >
          Try again
        </Button>
      </Actions>
    </>
  );
}

/**
 * /checkout?order=…&status=…: back from the provider's page. It asks the API how the payment went
 * (again while it is pending) and says so: tokens added, welcome to Premium, failed, canceled.
 */
export function CheckoutReturn({
  orderId,
  canceledByUser,
  returnPath: returnPathOfTab,
}: CheckoutReturnProps) {
  const { state, retry } = usePaymentConfirmation(orderId, canceledByUser);
  const plans = usePlans();

  if (state.phase === "confirming") {
    return (
      <CheckoutPanel
        testId="checkout-result"
        state="confirming"
        title="Confirming your payment…"
        icon={<Spinner label={null} />}
      >
        <p className="mt-2 text-ink-300" role="status">
          This takes a few seconds. Please keep this page open.
        </p>
      </CheckoutPanel>
    );
  }

  if (state.phase === "error") {
    return isApiError(state.error) && state.error.isNotFound ? (
      <EmptyState
        tone="error"
        testId="checkout-result"
        icon={<SearchX className="size-6" aria-hidden="true" />}
        title="We couldn't find this payment"
        description="Nothing more will be charged for it. If you were charged, your balance updates by itself."
        action={<ButtonLink to={paths.home}>Back to Reverie</ButtonLink>}
      />
    ) : (
      <ErrorState title="We couldn't check your payment" error={state.error} onRetry={retry} />
    );
  }

  const { order, user } = state;
  // the order keeps where its checkout started, so another tab or device goes back there too
  const returnPath = safeReturnPath(order.return_path) ?? returnPathOfTab;
  const outcome = state.phase === "still-processing" ? "processing" : checkoutOutcome(order, canceledByUser);
  switch (outcome) {
    case "tokens-added":
      return (
        <CheckoutPanel
          testId="checkout-result"
          state="tokens-added"
          title={`${formatTokens(order.tokens ?? 0)} tokens added`}
          icon={<Coins className="size-6" aria-hidden="true" />}
          iconClassName="bg-amber-400/15 text-amber-300"
        >
          <p className="mt-2 text-ink-300">Thanks for your purchase. Your tokens are ready to use.</p>
          <Balance user={user} />
          <Actions returnPath={returnPath} />
        </CheckoutPanel>
      );
    case "premium-started": {
      const monthlyTokens = plans.data?.features.MonthlyTokens;
      return (
        <CheckoutPanel
          testId="checkout-result"
          state="premium-started"
          title="Welcome to Premium"
          icon={<Crown className="size-6" aria-hidden="true" />}
          iconClassName="bg-amber-400/15 text-amber-300"
        >
          <p className="mt-2 text-ink-300">
            {order.description}. Unlimited messages and voice messages are on
            {monthlyTokens ? `, and ${formatTokens(monthlyTokens)} tokens come with every month` : ""}.
          </p>
          <Balance user={user} />
          <Actions returnPath={returnPath} />
        </CheckoutPanel>
      );
    }
    case "failed":
      return (
        <CheckoutPanel
          testId="checkout-result"
          state="failed"
          title="Payment failed"
          icon={<TriangleAlert className="size-6" aria-hidden="true" />}
          iconClassName="bg-coral-500/15 text-coral-300"
        >
          <p className="mt-2 text-ink-300" data-testid="checkout-failure-reason">
            {order.failure_reason ?? "The payment didn't go through."} Nothing was charged.
          </p>
          <TryAgain order={order} returnPath={returnPath} />
        </CheckoutPanel>
      );
    case "canceled":
      return (
        <CheckoutPanel
          testId="checkout-result"
          state="canceled"
          title="Payment canceled"
          icon={<CircleSlash className="size-6" aria-hidden="true" />}
        >
          <p className="mt-2 text-ink-300">
            Nothing was charged. You can pick it up again whenever you like.
          </p>
          <TryAgain order={order} returnPath={returnPath} />
        </CheckoutPanel>
      );
    case "processing":
      return (
        <CheckoutPanel
          testId="checkout-result"
          state="processing"
          title="Your payment is still processing"
          icon={<Hourglass className="size-6" aria-hidden="true" />}
        >
          <p className="mt-2 text-ink-300">
            The payment provider hasn't confirmed it yet. There's nothing more to do: your balance updates by
            itself as soon as it's confirmed, wherever you are in Reverie.
          </p>
          <Actions returnPath={returnPath} />
        </CheckoutPanel>
      );
  }
}
