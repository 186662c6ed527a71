import { PAYWALL_SOURCES } from "@reverie/shared";
import { useLocation } from "react-router";
import { Page } from "@/components/layout/page";
import { OfferHeader } from "@/features/billing/components/offer-header";
import { PremiumOffer } from "@/features/billing/components/premium-offer";
import { returnPathFromQuery } from "@/features/billing/utils/return-path";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useSession } from "@/lib/auth";

/** /subscribe: the premium offer for a user arriving from elsewhere (an ad, an email, a link). */
export default function SubscribeRoute() {
  useDocumentTitle("Go Premium");
  const { user } = useSession();
  const { search } = useLocation();
  const premium = user?.plan === "premium";

  return (
    <Page>
      <div className="mx-auto max-w-5xl space-y-8 pb-12 sm:space-y-10">
        <OfferHeader
          eyebrow="Reverie Premium"
          title={premium ? "You're already Premium" : "Get closer with Premium"}
          description={
            premium
              ? "Everything Premium has to offer is already yours."
              : "Talk as much as you like, hear their voice, and get tokens every month for photos and more."
          }
        />
        <PremiumOffer source={PAYWALL_SOURCES.subscribe} returnPath={returnPathFromQuery(search)} />
      </div>
    </Page>
  );
}
