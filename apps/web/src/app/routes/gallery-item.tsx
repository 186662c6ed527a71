import { ImageOff } from "lucide-react";
import { useState } from "react";
import { BackLink } from "@/components/layout/back-link";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { paths } from "@/config/paths";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
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
import { useIdParam } from "@/hooks/use-id-param";
import { isApiError } from "@/lib/api-client";

/** /gallery/:id — one item large, its character, its bundle (to unlock, or owned), and related items. */
export default function GalleryItemRoute() {
  const id = useIdParam();
  const detail = useGalleryItem(id ?? 0);
  const [buyingTokens, setBuyingTokens] = useState(false);
  const item = detail.data?.item;
  useDocumentTitle(item ? `${isVideo(item) ? "Video" : "Photo"} of ${item.model.name}` : "Gallery");

  const back = <BackLink to={paths.gallery}>Gallery</BackLink>;

  if (id === null || (detail.isError && isApiError(detail.error) && detail.error.status === 404)) {
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
      {buyingTokens ? <BuyTokensPrompt reason="bundle" onClose={() => setBuyingTokens(false)} /> : null}
    </Page>
  );
}
