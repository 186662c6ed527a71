import { PAYWALL_SOURCES } from "@reverie/shared";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { Page } from "@/components/layout/page";
import { OfferHeader } from "@/features/billing/components/offer-header";
import { PremiumOffer } from "@/features/billing/components/premium-offer";
import { returnPathFromQuery } from "@/features/billing/utils/return-path";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useSession } from "@/lib/auth";

/** Below the plans: loaded after them. */
const TokenPackagesOffer = lazy(() =>
  import("@/features/billing/components/token-packages-offer").then((module) => ({
    default: module.TokenPackagesOffer,
  })),
);

/** /plans: the premium plans (a premium user sees their own plan instead), and token packages with their value per token. */
export default function PlansRoute() {
  useDocumentTitle("Plans");
  const { user } = useSession();
  const { search } = useLocation();
  const premium = user?.plan === "premium";

  return (
    <Page>
      <div className="mx-auto max-w-5xl space-y-8 pb-12 sm:space-y-10">
        <OfferHeader
          eyebrow="Premium"
          title={premium ? "Your plan" : "Choose your plan"}
          description={
            premium
              ? "Thanks for being a Premium member."
              : "Unlimited conversations, voice messages and tokens every month, or tokens alone. Cancel anytime."
          }
        />
        <PremiumOffer source={PAYWALL_SOURCES.plans} returnPath={returnPathFromQuery(search)} />
        <Suspense fallback={null}>
          <TokenPackagesOffer premium={premium} returnPath={returnPathFromQuery(search)} />
        </Suspense>
      </div>
    </Page>
  );
}
