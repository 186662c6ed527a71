import type { Bundle, Gender } from "@reverie/shared";
import { Gem } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { DurationBadge, LockOverlay } from "@/components/media/media-badges";
import { MediaImage } from "@/components/media/media-image";
import { ErrorState } from "@/components/ui/error-state";
import { Modal } from "@/components/ui/modal";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTokens, pluralize } from "@/lib/format";
import { useBundleItems } from "../api/get-bundle-items";
import { isBundleUnlocked } from "../utils/bundle-purchase";
import { BundleUnlock } from "./bundle-unlock";

/** Opened by a tap on a bought item: loaded then. */
const MediaLightbox = lazy(() =>
  import("@/components/media/media-lightbox").then((module) => ({ default: module.MediaLightbox })),
);

const isVideo = (item: { video_duration: number | null }) => item.video_duration != null;

/** "Golden hour, photo 2 of 8" */
function itemLabel(title: string, position: number, total: number, video: boolean): string {
  return `${title}, ${video ? "video" : "photo"} ${position} of ${total}`;
}

/**
 * A bundle's full contents (blurred previews while locked; once bought, sharp stills that open
 * full size in a viewer to browse), its price and Unlock. Not enough tokens
 * is the screen's to answer (the buy-tokens prompt of features/billing): `onInsufficientBalance`.
 */
export function BundleDialog({
  bundle,
  gender,
  onClose,
  onInsufficientBalance,
}: {
  bundle: Bundle;
  gender?: Gender;
  onClose: () => void;
  onInsufficientBalance: () => void;
}) {
  const items = useBundleItems(bundle.id, gender);
  const [viewing, setViewing] = useState<number | null>(null);
  const unlocked = isBundleUnlocked(items.data?.items);

  return (
    <Modal title={bundle.title} onClose={onClose} size="lg" testId="bundle-dialog">
      <p className="mt-2 text-sm text-ink-300">{bundle.description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-300">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-coral-500/15 px-3 py-1 font-semibold text-coral-200">
          <Gem className="size-3.5" aria-hidden="true" />
          {formatTokens(bundle.price_tokens)} tokens
        </span>
        <span>
          {pluralize(bundle.photo_count, "photo")} · {pluralize(bundle.video_count, "video")}
        </span>
      </div>
      <div className="mt-5">
        {items.isPending ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={index} className="aspect-square" />
            ))}
          </div>
        ) : items.isError ? (
          <ErrorState error={items.error} onRetry={() => items.refetch()} />
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="bundle-items">
            {items.data.items.map((item, index) => {
              const label = itemLabel(bundle.title, index + 1, items.data.items.length, isVideo(item));
              const tile = (
                <>
                  <MediaImage
                    src={item.locked ? item.url : item.thumbnail_url}
                    alt={item.locked ? label : ""}
                    ratio={1}
                    blurred={item.locked}
                  />
                  {item.locked ? <LockOverlay compact /> : null}
                  {item.video_duration != null ? (
                    <div className="absolute right-1.5 bottom-1.5">
                      <DurationBadge seconds={item.video_duration} />
                    </div>
                  ) : null}
                </>
              );
              return (
                <li key={item.id} className="relative overflow-hidden rounded-xl">
                  {item.locked ? (
                    tile
                  ) : (
                    <button
                      type="button"
                      onClick={() => setViewing(index)}
                      aria-label={`Open ${label}`}
                      data-testid="bundle-item-open"
                      className="block w-full transition hover:opacity-90"
                    >
                      {tile}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="mt-6 border-t border-white/[0.07] pt-5">
        <BundleUnlock bundle={bundle} unlocked={unlocked} onInsufficientBalance={onInsufficientBalance} />
      </div>
      {viewing !== null && items.data && unlocked ? (
        <Suspense fallback={null}>
          <MediaLightbox
            items={items.data.items}
            index={viewing}
            label={(position, total, video) => itemLabel(bundle.title, position, total, video)}
            onIndexChange={setViewing}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}
