import type { GalleryItem } from "@reverie/shared";
import { Link } from "react-router";
import { DurationBadge, LockOverlay } from "@/components/media/media-badges";
import { MediaImage } from "@/components/media/media-image";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";

export function isVideo(item: Pick<GalleryItem, "kind">): boolean {
  return item.kind === "video" || item.kind === "bundle_video";
}

export function itemRatio(item: Pick<GalleryItem, "width" | "height">): number {
  return item.width > 0 && item.height > 0 ? item.width / item.height : 3 / 4;
}

export function itemAlt(item: GalleryItem): string {
  return `${isVideo(item) ? "Video" : "Photo"} of ${item.model.name}${item.locked ? " (locked preview)" : ""}`;
}

/** One gallery item: photo, video (play badge + mm:ss) or locked preview (lock + price). Opens /gallery/<id>. */
export function GalleryTile({ item, priority = false }: { item: GalleryItem; priority?: boolean }) {
  const video = isVideo(item);
  return (
    <Link
      to={paths.galleryItem(item.id)}
      data-testid="gallery-item"
      data-kind={video ? "video" : "photo"}
      data-locked={item.locked ? "true" : "false"}
      data-item-id={item.id}
      className="group relative block overflow-hidden rounded-2xl border border-white/[0.06] bg-ink-850 transition duration-300 hover:border-coral-400/40 hover:shadow-glow focus-visible:outline-offset-4"
    >
      <MediaImage
        src={item.locked ? item.url : item.thumbnail_url || item.url}
        alt={itemAlt(item)}
        ratio={itemRatio(item)}
        priority={priority}
        imgClassName="transition duration-700 group-hover:scale-[1.03]"
      />
      {item.locked ? <LockOverlay priceTokens={item.price_tokens} compact /> : null}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-20 bg-gradient-to-t from-ink-950/80 to-transparent opacity-80"
      />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 p-2.5">
        <span className="flex min-w-0 items-center gap-1.5">
          <MediaImage
            src={item.model.avatar_url}
            alt=""
            ratio={1}
            className="size-6 shrink-0 rounded-full border border-white/20"
          />
          <span className="truncate text-xs font-medium text-white/95">{item.model.name}</span>
        </span>
        {video ? <DurationBadge seconds={item.video_duration} /> : null}
      </div>
    </Link>
  );
}

export function GalleryTileSkeleton({ ratio }: { ratio: number }) {
  return <Skeleton className="rounded-2xl" style={{ aspectRatio: String(ratio) }} />;
}
