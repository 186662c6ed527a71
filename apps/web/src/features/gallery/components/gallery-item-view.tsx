import type { GalleryItem } from "@reverie/shared";
import { MessageCircleHeart } from "lucide-react";
import { Link } from "react-router";
import { LockOverlay } from "@/components/media/media-badges";
import { MediaImage } from "@/components/media/media-image";
import { buttonStyles } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatDuration } from "@/lib/format";
import { mediaUrl } from "@/lib/media";
import { isVideo, itemAlt, itemRatio } from "./gallery-tile";

/** The item large: a video with controls, a photo, or the locked blurred preview. */
export function GalleryItemMedia({ item }: { item: GalleryItem }) {
  const ratio = itemRatio(item);
  const frame =
    "relative mx-auto w-full overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-900 shadow-card";
  const style = { aspectRatio: String(ratio), maxHeight: "78vh", maxWidth: `calc(78vh * ${ratio})` };

  if (item.locked) {
    return (
      <div className={frame} style={style} data-testid="gallery-item-media" data-locked="true">
        <MediaImage src={item.url} alt={itemAlt(item)} className="size-full" priority />
        <LockOverlay priceTokens={item.price_tokens} />
      </div>
    );
  }

  if (isVideo(item)) {
    return (
      <div className={frame} style={style} data-testid="gallery-item-media">
        {/* biome-ignore lint/a11y/useMediaCaption: AI-generated clips have no speech */}
        <video
          src={mediaUrl(item.url)}
          poster={mediaUrl(item.thumbnail_url)}
          controls
          playsInline
          preload="metadata"
          aria-label={`${itemAlt(item)}, ${formatDuration(item.video_duration)}`}
          className="absolute inset-0 size-full object-contain"
        />
      </div>
    );
  }

  return (
    <div className={frame} style={style} data-testid="gallery-item-media">
      <MediaImage
        src={item.url}
        alt={itemAlt(item)}
        className="size-full"
        imgClassName="object-contain"
        priority
      />
    </div>
  );
}

/** The character an item belongs to, linking to /chat/<id>. */
export function GalleryItemCharacter({ item }: { item: GalleryItem }) {
  return (
    <Card className="flex items-center gap-4 p-4" data-testid="gallery-item-character">
      <MediaImage src={item.model.avatar_url} alt="" ratio={1} className="size-14 shrink-0 rounded-2xl" />
      <div className="min-w-0 flex-1">
        <p className="font-display text-xl text-ink-100">
          {item.model.name} <span className="text-base text-ink-400 tabular-nums">{item.model.age}</span>
        </p>
        <p className="truncate text-sm text-ink-400">{item.model.tagline}</p>
      </div>
      <Link to={paths.chatWith(item.model.id)} className={buttonStyles({ size: "sm" })}>
        <MessageCircleHeart className="size-4" aria-hidden="true" />
        Chat
      </Link>
    </Card>
  );
}

export function GalleryItemSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <Skeleton className="mx-auto aspect-[3/4] w-full max-w-xl rounded-3xl" />
      <div className="space-y-4">
        <Skeleton className="h-24 rounded-3xl" />
        <Skeleton className="h-40 rounded-3xl" />
      </div>
    </div>
  );
}
