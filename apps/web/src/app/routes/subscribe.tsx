import { PAYWALL_SOURCES } from "@reverie/shared";
import { PlansScreen } from "@/features/billing/components/plans-screen";

/** /subscribe: the premium offer for a user arriving from elsewhere (an ad, an email, a link). */
export default function SubscribeRoute() {
  return (
    <PlansScreen
      documentTitle="Go Premium"
      eyebrow="Reverie Premium"
      offer={{
        title: "Get closer with Premium",
        description:
          "Talk as much as you like, hear their voice, and get tokens every month for photos and more.",
      }}
      premiumOffer={{
        title: "You're already Premium",
        description: "Everything Premium has to offer is already yours.",
      }}
      source={PAYWALL_SOURCES.subscribe}
    />
  );
}
