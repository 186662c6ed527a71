import { ArrowLeft } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { OfferHeader } from "@/features/billing/components/offer-header";
import { PremiumOffer } from "@/features/billing/components/premium-offer";
import { paywallCopy } from "@/features/billing/utils/paywall-copy";
import { returnPathFromQuery } from "@/features/billing/utils/return-path";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /paywall?source=<label>: a free user reached a premium feature; why, the plans, and a way back. */
export default function PaywallRoute() {
  useDocumentTitle("Premium");
  const location = useLocation();
  const navigate = useNavigate();
  const source = new URLSearchParams(location.search).get("source") ?? "paywall";
  const copy = paywallCopy(source);
  const returnPath = returnPathFromQuery(location.search);

  function goBack() {
    if (returnPath) navigate(returnPath);
    // "default" is the first page of this visit: there is nothing of ours to go back to.
    else if (location.key !== "default") navigate(-1);
    else navigate(paths.home);
  }

  return (
    <Page>
      <div className="mx-auto max-w-5xl space-y-8 pb-12 sm:space-y-10">
        <OfferHeader eyebrow="Premium feature" title={copy.title} description={copy.text} />
        <PremiumOffer source={source} returnPath={returnPath} />
        <div className="flex justify-center">
          <Button
            variant="ghost"
            onClick={goBack}
            icon={<ArrowLeft className="size-4" aria-hidden="true" />}
            data-testid="paywall-back"
          >
            Not now
          </Button>
        </div>
      </div>
    </Page>
  );
}
