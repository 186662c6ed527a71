import { ShoppingBag } from "lucide-react";
import { useLocation } from "react-router";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { paths } from "@/config/paths";
import { CheckoutReturn } from "@/features/billing/components/checkout-return";
import { CheckoutSummary } from "@/features/billing/components/checkout-summary";
import { readCheckoutQuery } from "@/features/billing/utils/checkout-query";
import { returnPathFromQuery, returnPathOfOrder } from "@/features/billing/utils/return-path";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /checkout: `?package=…` or `?plan=…` shows what is about to be bought and the Pay button;
 * `?order=…&status=success|canceled` is where the payment provider sends the user back.
 */
export default function CheckoutRoute() {
  useDocumentTitle("Checkout");
  const { search } = useLocation();
  const intent = readCheckoutQuery(search);

  return (
    <Page narrow className="pb-12">
      <div className="mx-auto max-w-xl">
        {intent.kind === "return" ? (
          <CheckoutReturn
            key={intent.orderId}
            orderId={intent.orderId}
            canceledByUser={intent.canceled}
            returnPath={returnPathOfOrder(intent.orderId, search)}
          />
        ) : intent.kind === "buy" ? (
          <CheckoutSummary
            item={intent.item}
            priceId={intent.priceId}
            returnPath={returnPathFromQuery(search)}
          />
        ) : (
          <EmptyState
            icon={<ShoppingBag className="size-6" aria-hidden="true" />}
            title="Nothing to check out"
            description="Pick a plan or a token pack first."
            action={<ButtonLink to={paths.plans}>See the plans</ButtonLink>}
          />
        )}
      </div>
    </Page>
  );
}
