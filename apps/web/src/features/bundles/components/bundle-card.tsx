import type { Bundle } from "@reverie/shared";
import { Camera, CircleCheck, Gem, Lock, Video } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatTokens, pluralize } from "@/lib/format";
import { isBundleUnlocked } from "../utils/bundle-purchase";

/** A bundle or pack: cover, title, photo/video counts, price in tokens (or that it is the viewer's) and a strip of previews. */
export function BundleCard({
  bundle,
  onOpen,
  className,
  priority = false,
}: {
  bundle: Bundle;
  onOpen: () => void;
  className?: string;
  /** the cover is above the fold */
  priority?: boolean;
}) {
  const previews = bundle.items.slice(0, 4);
  const owned = isBundleUnlocked(bundle.items);
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="bundle-card"
      data-bundle-id={bundle.id}
      data-owned={owned || undefined}
      aria-label={`${bundle.title}: ${pluralize(bundle.photo_count, "photo")}, ${pluralize(bundle.video_count, "video")}, ${owned ? "unlocked" : `${formatTokens(bundle.price_tokens)} tokens`}`}
      className={cn(
        "group flex w-full flex-col overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-850 text-left shadow-card transition duration-300 hover:-translate-y-0.5 hover:border-violet-400/40 hover:shadow-[0_18px_50px_-20px_rgb(139_92_246/0.55)]",
        className,
      )}
    >
      <div className="relative">
        <MediaImage
          src={bundle.cover_url}
          alt=""
          ratio={16 / 10}
          priority={priority}
          imgClassName="transition duration-700 group-hover:scale-[1.03]"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-ink-850 via-transparent to-transparent"
        />
        <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-black/55 px-2.5 py-1 text-xs font-medium text-white backdrop-blur-md">
          {owned ? null : <Lock className="size-3" aria-hidden="true" />}
          {bundle.kind === "pack" ? "Pack" : "Private set"}
        </span>
        {owned ? (
          <span
            data-testid="bundle-owned"
            className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-emerald-500/90 px-2.5 py-1 text-xs font-semibold text-white shadow-lg"
          >
            <CircleCheck className="size-3" aria-hidden="true" />
            Unlocked
          </span>
        ) : (
          <span className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r from-coral-500 to-coral-600 px-2.5 py-1 text-xs font-semibold text-white tabular-nums shadow-lg">
            <Gem className="size-3" aria-hidden="true" />
            <span data-testid="bundle-price">{formatTokens(bundle.price_tokens)}</span> tokens
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-display text-lg leading-snug text-ink-100" data-testid="bundle-title">
            {bundle.title}
          </h3>
          <p className="mt-1 flex gap-3 text-xs text-ink-400">
            <span className="inline-flex items-center gap-1">
              <Camera className="size-3.5" aria-hidden="true" />
              {pluralize(bundle.photo_count, "photo")}
            </span>
            <span className="inline-flex items-center gap-1">
              <Video className="size-3.5" aria-hidden="true" />
              {pluralize(bundle.video_count, "video")}
            </span>
          </p>
        </div>
        {previews.length > 0 ? (
          <div className="mt-auto grid grid-cols-4 gap-1.5" aria-hidden="true">
            {previews.map((item) => (
              <div key={item.id} className="relative overflow-hidden rounded-lg">
                <MediaImage
                  src={item.locked ? item.url : item.thumbnail_url}
                  alt=""
                  ratio={1}
                  blurred={item.locked}
                />
                {item.locked ? (
                  <span className="absolute inset-0 grid place-items-center bg-black/20">
                    <Lock className="size-3.5 text-white/90" />
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </button>
  );
}

/** The card's shape (cover, title and counts, preview strip), so the real one takes its place without a shift. */
export function BundleCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl border border-white/[0.05] bg-ink-850">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <div>
          <Skeleton className="my-0.5 h-5 w-2/3" />
          <Skeleton className="mt-1.5 h-3.5 w-1/3" />
        </div>
        <div className="grid grid-cols-4 gap-1.5">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="aspect-square rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}
