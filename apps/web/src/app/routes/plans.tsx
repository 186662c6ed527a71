import { PAYWALL_SOURCES } from "@reverie/shared";
import { PlansScreen } from "@/features/billing/components/plans-screen";

/** /plans: the premium plans (a premium user sees their own plan instead), and token packages with their value per token. */
export default function PlansRoute() {
  return (
    <PlansScreen
      documentTitle="Plans"
      eyebrow="Premium"
      offer={{
        title: "Choose your plan",
        description:
          "Unlimited conversations, voice messages and tokens every month, or tokens alone. Cancel anytime.",
      }}
      premiumOffer={{ title: "Your plan", description: "Thanks for being a Premium member." }}
      source={PAYWALL_SOURCES.plans}
      tokenPackages
    />
  );
}
