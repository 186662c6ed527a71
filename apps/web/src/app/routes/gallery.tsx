import type { GalleryItem } from "@reverie/shared";
import { ImageOff } from "lucide-react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "@/components/layout/page";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { Tabs } from "@/components/ui/tabs";
import { GENDER_TABS, genderLabel } from "@/config/genders";
import { paths } from "@/config/paths";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { BundleList, BundleListSkeleton } from "@/features/bundles/components/bundle-list";
import { useGallery } from "@/features/gallery/api/get-gallery";
import { GalleryFilters, type KindFilter } from "@/features/gallery/components/gallery-filters";
import { GalleryMasonry, GalleryMasonrySkeleton } from "@/features/gallery/components/gallery-masonry";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useGenderPreference } from "@/hooks/use-gender-preference";
import { useSession } from "@/lib/auth";
import { keepScroll } from "@/lib/scroll-restoration";

const NO_ITEMS: GalleryItem[] = [];

function parseKind(value: string | null): KindFilter {
  return value === "photo" || value === "video" ? value : "all";
}

function parseModelId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** /gallery — photos, videos and locked previews of a category, filterable, with its packs. */
export default function GalleryRoute() {
  useDocumentTitle("Gallery");
  const [gender, setGender] = useGenderPreference();
  const [buyingTokens, setBuyingTokens] = useState(false);
  // the pictures a signed-in user generated are theirs alone, kept on /generate_image
  const signedIn = useSession().status === "signed-in";
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = parseKind(searchParams.get("kind"));
  const modelId = parseModelId(searchParams.get("model_id"));

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        if (value === null) params.delete(key);
        else params.set(key, value);
        return params;
      }, keepScroll),
    [setSearchParams],
  );

  const gallery = useGallery({
    gender,
    kind: kind === "all" ? undefined : kind,
    modelId: modelId ?? undefined,
  });
  const pages = gallery.data?.pages ?? [];
  const items = useMemo(() => pages.flatMap((page) => page.items), [pages]);
  // The tiles render after the rest of the answer (the packs above them), in a transition React
  // splits into short tasks: a whole page of tiles at once was one long task of the main thread.
  const shownItems = useDeferredValue(items, NO_ITEMS);
  const itemsPending = gallery.isPending || (items.length > 0 && shownItems.length === 0);
  const packs = pages[0]?.packs ?? [];
  const total = pages[0]?.total_count ?? 0;

  return (
    <Page className="space-y-10">
      <header className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Gallery</p>
            <h1 className="font-display text-3xl text-ink-100 sm:text-5xl">Moments they've shared</h1>
          </div>
          <div className="flex items-center gap-4">
            {gallery.isSuccess ? (
              <p className="text-sm text-ink-400" aria-live="polite" data-testid="gallery-count">
                {total} {total === 1 ? "item" : "items"}
              </p>
            ) : null}
            {signedIn ? (
              <ButtonLink
                to={`${paths.generateImage}?view=pictures`}
                variant="secondary"
                size="sm"
                data-testid="gallery-my-pictures"
              >
                My pictures
              </ButtonLink>
            ) : null}
          </div>
        </div>
        <Tabs
          items={GENDER_TABS}
          value={gender}
          onChange={(next) => setGender(next, ["model_id"])}
          label="Category"
          testId="category-tabs"
        />
        <GalleryFilters
          gender={gender}
          kind={kind}
          onKindChange={(next) => setParam("kind", next === "all" ? null : next)}
          modelId={modelId}
          onModelChange={(next) => setParam("model_id", next === null ? null : String(next))}
        />
      </header>

      {/* The packs come with the first page; their place is kept while it loads, so the items below don't jump. */}
      {gallery.isPending || packs.length > 0 ? (
        <section aria-labelledby="packs-title" className="space-y-5">
          <SectionHeading
            id="packs-title"
            eyebrow="Image packs"
            title={`${genderLabel(gender)} packs`}
            description="Curated sets across characters, unlocked with tokens."
          />
          {gallery.isPending ? (
            <BundleListSkeleton count={4} />
          ) : (
            <BundleList
              bundles={packs}
              gender={gender}
              testId="gallery-packs"
              priorityCount={2}
              onInsufficientBalance={() => setBuyingTokens(true)}
            />
          )}
        </section>
      ) : null}

      <section aria-label="Gallery items" aria-busy={gallery.isFetching} className="space-y-8">
        {itemsPending ? (
          <GalleryMasonrySkeleton />
        ) : gallery.isError && items.length === 0 ? (
          <ErrorState
            title="We couldn't load the gallery"
            error={gallery.error}
            onRetry={() => gallery.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<ImageOff className="size-6" aria-hidden="true" />}
            title="Nothing here yet"
            description="No media matches these filters. Try another type or character."
          />
        ) : (
          <div className={gallery.isPlaceholderData ? "opacity-60 transition" : "transition"}>
            {/* under the packs, the items start below the fold */}
            <GalleryMasonry items={shownItems} priorityCount={packs.length > 0 ? 0 : 4} />
          </div>
        )}
        {gallery.hasNextPage && !itemsPending ? (
          <div className="flex flex-col items-center gap-2">
            <Button
              variant="secondary"
              size="lg"
              onClick={() => gallery.fetchNextPage()}
              loading={gallery.isFetchingNextPage}
              data-testid="load-more"
            >
              Load more
            </Button>
            <p className="text-xs text-ink-500">
              Showing {items.length} of {total}
            </p>
          </div>
        ) : null}
      </section>
      {buyingTokens ? <BuyTokensPrompt reason="bundle" onClose={() => setBuyingTokens(false)} /> : null}
    </Page>
  );
}
