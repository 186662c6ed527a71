import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { Page } from "@/components/layout/page";
import { SectionHeading } from "@/components/ui/section-heading";
import { Tabs } from "@/components/ui/tabs";
import { GENDER_TABS, genderLabel } from "@/config/genders";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { FeaturedBundles } from "@/features/bundles/components/featured-bundles";
import { CharacterGrid } from "@/features/catalog/components/character-grid";
import { LandingHero } from "@/features/catalog/components/landing-hero";
import { CreateYourOwnCard } from "@/features/custom-characters/components/create-your-own-card";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useGenderPreference } from "@/hooks/use-gender-preference";

const CATALOG_ANCHOR = "#characters";

/** The main landing screen: `/`, `/explore` and the ad landing `/:id` (which records a sane sub id). */
export default function LandingRoute() {
  const { id: subId } = useParams();
  const [gender, setGender] = useGenderPreference();
  const [buyingTokens, setBuyingTokens] = useState(false);
  // set by "Delete my account" in Settings on its way here
  const [accountDeleted] = useState(
    () => new URLSearchParams(window.location.search).get("account") === "deleted",
  );
  useDocumentTitle(subId ? null : "Explore");

  useEffect(() => {
    if (!subId) return;
    import("@/features/auth/utils/ad-attribution").then((module) => module.storeSubId(subId), console.error);
  }, [subId]);

  return (
    <Page className="space-y-14 md:space-y-20">
      {accountDeleted ? (
        <p
          role="status"
          className="rounded-2xl bg-ink-900 px-4 py-3 text-ink-200"
          data-testid="account-deleted"
        >
          Your account has been deleted. We've emailed you a confirmation.
        </p>
      ) : null}
      <LandingHero gender={gender} catalogAnchor={CATALOG_ANCHOR} />
      <section
        aria-labelledby="characters-title"
        className="scroll-mt-24 space-y-6"
        id={CATALOG_ANCHOR.slice(1)}
      >
        <SectionHeading
          id="characters-title"
          eyebrow="Explore"
          title={`${genderLabel(gender)} waiting to meet you`}
          description="Tap a character to see their photos and say hello."
        />
        <Tabs
          items={GENDER_TABS}
          value={gender}
          onChange={(next) => setGender(next)}
          label="Category"
          testId="category-tabs"
        />
        <CharacterGrid gender={gender} leading={<CreateYourOwnCard />} />
      </section>
      <FeaturedBundles gender={gender} onInsufficientBalance={() => setBuyingTokens(true)} />
      {buyingTokens ? <BuyTokensPrompt reason="bundle" onClose={() => setBuyingTokens(false)} /> : null}
    </Page>
  );
}
