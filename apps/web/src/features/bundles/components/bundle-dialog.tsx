import type { Bundle, Gender } from "@reverie/shared";
import { Gem, Lock } from "lucide-react";
import { DurationBadge, LockOverlay } from "@/components/media/media-badges";
import { MediaImage } from "@/components/media/media-image";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Modal } from "@/components/ui/modal";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTokens, pluralize } from "@/lib/format";
import { useBundleItems } from "../api/get-bundle-items";

/** Unlock button, disabled until payments arrive, with the note saying so. */
export function UnlockButton({ priceTokens }: { priceTokens: number }) {
  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-start">
      <Button
        disabled
        aria-describedby="unlock-note"
        icon={<Lock className="size-4" aria-hidden="true" />}
        data-testid="unlock-button"
      >
        Unlock
      </Button>
      <p id="unlock-note" className="text-xs text-ink-400">
        Purchases arrive soon · {formatTokens(priceTokens)} tokens
      </p>
    </div>
  );
}

/** A bundle's full contents (locked previews) and its price. */
export function BundleDialog({
  bundle,
  gender,
  onClose,
}: {
  bundle: Bundle;
  gender?: Gender;
  onClose: () => void;
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
        <UnlockButton priceTokens={bundle.price_tokens} />
      </div>
    </Modal>
  );
}
