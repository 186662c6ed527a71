import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { Page } from "@/components/layout/page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useSession } from "@/lib/auth";
import { returnPathFromQuery } from "../utils/return-path";
import { OfferHeader } from "./offer-header";
import { PremiumOffer } from "./premium-offer";

/** Below the plans: loaded after them. */
const TokenPackagesOffer = lazy(() =>
  import("./token-packages-offer").then((module) => ({ default: module.TokenPackagesOffer })),
);

/** What a plans screen says, to a user on the free plan and to a Premium member. */
interface OfferCopy {
  title: string;
  description: string;
}

export interface PlansScreenProps {
  documentTitle: string;
  eyebrow: string;
  offer: OfferCopy;
  premiumOffer: OfferCopy;
  /** where the checkout says the offer was seen */
  source: string;
  /** the token packages, with their value per token, under the plans */
  tokenPackages?: boolean;
}

/** /plans and /subscribe: the premium plans (a premium user sees their own plan instead). */
export function PlansScreen({
  documentTitle,
  eyebrow,
  offer,
  premiumOffer,
  source,
  tokenPackages = false,
}: PlansScreenProps) {
  useDocumentTitle(documentTitle);
  const { user } = useSession();
  const { search } = useLocation();
  const premium = user?.plan === "premium";
  const returnPath = returnPathFromQuery(search);
  const copy = premium ? premiumOffer : offer;

  return (
    <Page>
      <div className="mx-auto max-w-5xl space-y-8 pb-12 sm:space-y-10">
        <OfferHeader eyebrow={eyebrow} title={copy.title} description={copy.description} />
        <PremiumOffer source={source} returnPath={returnPath} />
        {tokenPackages ? (
          <Suspense fallback={null}>
            <TokenPackagesOffer premium={premium} returnPath={returnPath} />
          </Suspense>
        ) : null}
      </div>
    </Page>
  );
}
