import type { Bundle, Gender } from "@reverie/shared";
import { Gem } from "lucide-react";
import { DurationBadge, LockOverlay } from "@/components/media/media-badges";
import { MediaImage } from "@/components/media/media-image";
import { ErrorState } from "@/components/ui/error-state";
import { Modal } from "@/components/ui/modal";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTokens, pluralize } from "@/lib/format";
import { useBundleItems } from "../api/get-bundle-items";
import { isBundleUnlocked } from "../utils/bundle-purchase";
import { BundleUnlock } from "./bundle-unlock";

/**
 * A bundle's full contents (blurred previews while locked), its price and Unlock. Not enough tokens
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
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {items.data.items.map((item) => (
              <li key={item.id} className="relative overflow-hidden rounded-xl">
                <MediaImage
                  src={item.locked ? item.url : item.thumbnail_url}
                  alt={`${item.kind.includes("video") ? "Video" : "Photo"} from ${bundle.title}`}
                  ratio={1}
                  blurred={item.locked}
                />
                {item.locked ? <LockOverlay compact /> : null}
                {item.video_duration != null ? (
                  <div className="absolute right-1.5 bottom-1.5">
                    <DurationBadge seconds={item.video_duration} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-6 border-t border-white/[0.07] pt-5">
        <BundleUnlock
          bundle={bundle}
          unlocked={isBundleUnlocked(items.data?.items)}
          onInsufficientBalance={onInsufficientBalance}
        />
      </div>
    </Modal>
  );
}
