import { type GeneratedImage, type Model, PAYWALL_SOURCES } from "@reverie/shared";
import { lazy, Suspense, useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Tabs } from "@/components/ui/tabs";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { useModel } from "@/features/catalog/api/get-model";
import { useModels } from "@/features/catalog/api/get-models";
import { useOwnCharacter } from "@/features/image-generation/api/get-own-character";
import { CharacterPicker } from "@/features/image-generation/components/character-picker";
import { ImageGenerator } from "@/features/image-generation/components/image-generator";
import { MyPictures } from "@/features/image-generation/components/my-pictures";
import { usePictureUpdates } from "@/features/image-generation/hooks/use-picture-updates";
import { type GeneratorView, parseModelId, parseView } from "@/features/image-generation/utils/page-query";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { parseGender, useGenderPreference } from "@/hooks/use-gender-preference";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { useSession } from "@/lib/auth";
import { keepScroll } from "@/lib/scroll-restoration";

/** A picture large, with download and delete, loaded when one is opened. */
const PictureViewer = lazy(() =>
  import("@/features/image-generation/components/picture-viewer").then((module) => ({
    default: module.PictureViewer,
  })),
);

const VIEWS: ReadonlyArray<{ value: GeneratorView; label: string }> = [
  { value: "generate", label: "Generate" },
  { value: "pictures", label: "My pictures" },
];

/**
 * /generate_image — pictures of any character, the catalog's or the user's own (`?model_id=`
 * preselects one), paid in tokens per picture; under them, the pictures of that character made
 * before. `?view=pictures` shows every picture the user made.
 */
export default function GenerateImageRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = parseView(searchParams.get("view"));
  const modelId = parseModelId(searchParams.get("model_id"));
  const [preferredCategory, setCategory] = useGenderPreference();
  const session = useSession();
  const [picked, setPicked] = useState<Model | null>(null);
  const [buyingTokens, setBuyingTokens] = useState(false);
  const [openPicture, setOpenPicture] = useState<GeneratedImage | null>(null);
  useDocumentTitle(view === "pictures" ? "My pictures" : "Generate pictures");
  usePictureUpdates();

  // A character named by the address is looked up in the catalog, then among the user's own (the
  // catalog answers 404 for those).
  const lookingUp = modelId !== null && picked?.id !== modelId;
  const fromCatalog = useModel(lookingUp ? modelId : 0);
  const fromOwn = useOwnCharacter(modelId, lookingUp && fromCatalog.isError);
  const preselected = fromOwn.data ?? fromCatalog.data ?? null;
  const character = (picked?.id === modelId ? picked : null) ?? preselected;
  // the tab the user chose, else the chosen character's category, else the interest choice
  const category = parseGender(searchParams.get("gender")) ?? character?.gender ?? preferredCategory;
  const catalog = useModels(category);
  const unknownCharacter = lookingUp && fromCatalog.isError && fromOwn.isError;

  const setParams = useCallback(
    (changes: Record<string, string | null>) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) params.delete(key);
            else params.set(key, value);
          }
          return params;
        },
        { ...keepScroll, replace: true },
      ),
    [setSearchParams],
  );

  /** The buy-tokens prompt, for a 402 or a tap on "get tokens", labelled with this screen's source. */
  function offerTokens() {
    track(ANALYTICS_EVENTS.paywallShown, {
      source: PAYWALL_SOURCES.modelImageGenerator,
      prompt: "buy_tokens",
    });
    setBuyingTokens(true);
  }

  function pick(model: Model) {
    setPicked(model);
    setParams({ model_id: String(model.id) });
  }

  return (
    <div data-private>
      <Page className="space-y-10">
        <header className="space-y-6">
          <div>
            <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Create</p>
            <h1 className="font-display text-3xl text-ink-100 sm:text-5xl">
              {view === "pictures" ? "My pictures" : "Generate pictures"}
            </h1>
            <p className="mt-2 max-w-2xl text-ink-300">
              {view === "pictures"
                ? "Every picture you've made, for your eyes only. Open one to download or delete it."
                : "Pick a character, describe the moment, and get new pictures of them in their own look."}
            </p>
          </div>
          <Tabs
            items={VIEWS}
            value={view}
            onChange={(next) => setParams({ view: next === "pictures" ? "pictures" : null })}
            label="View"
            testId="generator-view-tabs"
          />
        </header>

        {view === "pictures" ? (
          <MyPictures
            modelId={null}
            eyebrow="All characters"
            title="Everything you've made"
            emptyText="Pictures you generate of any character are kept here, for you alone."
            emptyAction={<Button onClick={() => setParams({ view: null })}>Generate pictures</Button>}
            onOpen={setOpenPicture}
          />
        ) : (
          <>
            <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
              <section aria-labelledby="pick-character-title" className="space-y-4">
                <h2 id="pick-character-title" className="font-display text-2xl text-ink-100">
                  Choose a character
                </h2>
                {unknownCharacter ? (
                  <Notice tone="info" testId="unknown-character">
                    That character isn't available. Pick another one below.
                  </Notice>
                ) : null}
                <CharacterPicker
                  category={category}
                  onCategoryChange={(next) => setCategory(next)}
                  catalog={{
                    items: catalog.data?.items,
                    isPending: catalog.isPending,
                    error: catalog.error,
                    refetch: () => void catalog.refetch(),
                  }}
                  selectedId={character?.id ?? null}
                  onSelect={pick}
                />
              </section>
              <ImageGenerator
                character={character}
                balance={session.user?.tokens ?? 0}
                onBuyTokens={offerTokens}
                onOpenPicture={setOpenPicture}
              />
            </div>
            {character ? (
              <MyPictures
                modelId={character.id}
                title={`Your pictures of ${character.name}`}
                emptyText={`Pictures you generate of ${character.name} are kept here, for you alone.`}
                onOpen={setOpenPicture}
              />
            ) : null}
          </>
        )}

        {openPicture ? (
          <Suspense fallback={null}>
            <PictureViewer picture={openPicture} onClose={() => setOpenPicture(null)} />
          </Suspense>
        ) : null}
        {buyingTokens ? (
          <BuyTokensPrompt reason="image_generation" onClose={() => setBuyingTokens(false)} />
        ) : null}
      </Page>
    </div>
  );
}
