import { FileInput, WandSparkles } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "@/components/layout/page";
import { Button, ButtonLink } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { GENDER_TABS } from "@/config/genders";
import { paths } from "@/config/paths";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { CustomCharacterGrid } from "@/features/custom-characters/components/custom-character-grid";
import { usePortraitUpdates } from "@/features/custom-characters/hooks/use-portrait-updates";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useGenderPreference } from "@/hooks/use-gender-preference";

/** The card import, loaded when opened. */
const ImportCardDialog = lazy(() =>
  import("@/features/custom-characters/components/import-card-dialog").then((module) => ({
    default: module.ImportCardDialog,
  })),
);

/** /my_ais — the user's own characters of a category, built or imported; create another or import a card. */
export default function MyAisRoute() {
  useDocumentTitle("My AIs");
  usePortraitUpdates();
  const navigate = useNavigate();
  const [gender, setGender] = useGenderPreference();
  const [importing, setImporting] = useState(false);
  const [buyingTokens, setBuyingTokens] = useState(false);

  return (
    <div data-private>
      <Page className="space-y-8 pb-10">
        <header className="space-y-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
                My AIs
              </p>
              <h1 className="font-display text-3xl text-ink-100 sm:text-5xl">Characters of your own</h1>
            </div>
            <div className="flex flex-wrap gap-2.5">
              <Button
                variant="secondary"
                onClick={() => setImporting(true)}
                icon={<FileInput className="size-4" aria-hidden="true" />}
                data-testid="import-card"
              >
                Import a card
              </Button>
              <ButtonLink
                to={paths.createAi}
                icon={<WandSparkles className="size-4" aria-hidden="true" />}
                data-testid="create-new"
              >
                Create new
              </ButtonLink>
            </div>
          </div>
          <Tabs
            items={GENDER_TABS}
            value={gender}
            onChange={(next) => setGender(next)}
            label="Category"
            testId="category-tabs"
          />
        </header>
        <CustomCharacterGrid gender={gender} onImport={() => setImporting(true)} />
        {importing ? (
          <Suspense fallback={null}>
            <ImportCardDialog
              gender={gender}
              onClose={() => setImporting(false)}
              onImported={(modelId) => navigate(paths.myAisItem(modelId))}
              onInsufficientBalance={() => {
                // one dialog at a time: the prompt takes the import's place
                setImporting(false);
                setBuyingTokens(true);
              }}
            />
          </Suspense>
        ) : null}
        {buyingTokens ? (
          <BuyTokensPrompt reason="custom_model" onClose={() => setBuyingTokens(false)} />
        ) : null}
      </Page>
    </div>
  );
}
