import { ArrowLeft, ImageOff } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { paths } from "@/config/paths";
import { BundleUnlockPanel } from "@/features/bundles/components/bundle-unlock-panel";
import { useGalleryItem } from "@/features/gallery/api/get-gallery-item";
import {
  GalleryItemCharacter,
  GalleryItemMedia,
  GalleryItemSkeleton,
} from "@/features/gallery/components/gallery-item-view";
import { GalleryMasonry } from "@/features/gallery/components/gallery-masonry";
import { isVideo } from "@/features/gallery/components/gallery-tile";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";

/** The buy-tokens prompt, loaded when an unlock finds the balance short. */
const BuyTokensModal = lazy(() =>
  import("@/features/billing/components/buy-tokens-modal").then((module) => ({
    default: module.BuyTokensModal,
  })),
);

/** /gallery/:id — one item large, its character, its bundle (to unlock, or owned), and related items. */
export default function GalleryItemRoute() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const detail = useGalleryItem(validId ? id : 0);
  const [buyingTokens, setBuyingTokens] = useState(false);
  const item = detail.data?.item;
  useDocumentTitle(item ? `${isVideo(item) ? "Video" : "Photo"} of ${item.model.name}` : "Gallery");

  const back = (
    <Link
      to={paths.gallery}
      className="inline-flex items-center gap-1.5 rounded-full text-sm text-ink-300 transition hover:text-white"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Gallery
    </Link>
  );

  if (!validId || (detail.isError && isApiError(detail.error) && detail.error.status === 404)) {
    return (
      <Page narrow className="space-y-6">
        {back}
        <EmptyState
          icon={<ImageOff className="size-6" aria-hidden="true" />}
          title="This item isn't available"
          description="It may have been removed. The rest of the gallery is still here."
          action={<ButtonLink to={paths.gallery}>Open the gallery</ButtonLink>}
        />
      </Page>
    );
  }

  return (
    <Page className="space-y-12">
      <div className="space-y-5">
        {back}
        {detail.isPending ? (
          <GalleryItemSkeleton />
        ) : detail.isError ? (
          <ErrorState
            title="We couldn't load this item"
            error={detail.error}
            onRetry={() => detail.refetch()}
          />
        ) : (
          <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
            <GalleryItemMedia item={detail.data.item} />
            <aside className="space-y-4 lg:sticky lg:top-24">
              <GalleryItemCharacter item={detail.data.item} />
              {detail.data.bundle ? (
                // stays after the purchase: its note says what was bought and where focus went
                <BundleUnlockPanel
                  bundle={detail.data.bundle}
                  unlocked={!detail.data.item.locked}
                  onInsufficientBalance={() => setBuyingTokens(true)}
                />
              ) : null}
            </aside>
          </div>
        )}
      </div>
      {detail.data && detail.data.related.length > 0 ? (
        <section aria-labelledby="related-title" className="space-y-5" data-testid="related-items">
          <SectionHeading
            id="related-title"
            eyebrow="More like this"
            title={`More of ${detail.data.item.model.name}`}
          />
          <GalleryMasonry items={detail.data.related} />
        </section>
      ) : null}
      {buyingTokens ? (
        <Suspense fallback={null}>
          <BuyTokensModal reason="bundle" onClose={() => setBuyingTokens(false)} />
        </Suspense>
      ) : null}
    </Page>
  );
}
