import { Camera } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { InlineVideo } from "@/components/media/inline-video";
import { MediaImage } from "@/components/media/media-image";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useGallery } from "../api/get-gallery";
import { isVideo } from "./gallery-tile";

const GRID = "grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 xxl:grid-cols-6";

/** A character's free photos and videos (videos play in place, with their mm:ss duration). */
export function ModelMediaGrid({ modelId, name }: { modelId: number; name: string }) {
  const gallery = useGallery({ modelId, limit: 60 });
  const items = useMemo(
    () => (gallery.data?.pages ?? []).flatMap((page) => page.items).filter((item) => !item.locked),
    [gallery.data],
  );

  if (gallery.isSuccess && items.length === 0) return null;

  return (
    <section aria-labelledby="model-media-title" className="space-y-5" data-testid="model-media">
      <SectionHeading
        id="model-media-title"
        eyebrow="Free to view"
        title={`Photos & videos of ${name}`}
        action={
          gallery.isSuccess ? (
            <span className="inline-flex items-center gap-1.5 text-sm text-ink-400">
              <Camera className="size-4" aria-hidden="true" />
              {items.length} free
            </span>
          ) : null
        }
      />
      {gallery.isPending ? (
        <div className={GRID}>
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="aspect-[3/4] rounded-2xl" />
          ))}
        </div>
      ) : gallery.isError ? (
        <ErrorState error={gallery.error} onRetry={() => gallery.refetch()} />
      ) : (
        <ul className={GRID}>
          {items.map((item) => (
            <li key={item.id} data-testid="model-media-item" data-kind={isVideo(item) ? "video" : "photo"}>
              {isVideo(item) ? (
                <InlineVideo
                  src={item.url}
                  poster={item.thumbnail_url}
                  label={`Video of ${name}`}
                  duration={item.video_duration}
                  className="aspect-[3/4] rounded-2xl border border-white/[0.06]"
                />
              ) : (
                <Link
                  to={paths.galleryItem(item.id)}
                  className="group block overflow-hidden rounded-2xl border border-white/[0.06] transition hover:border-coral-400/40"
                >
                  <MediaImage
                    src={item.thumbnail_url || item.url}
                    alt={`Photo of ${name}`}
                    className="aspect-[3/4]"
                    imgClassName="transition duration-700 group-hover:scale-[1.04]"
                  />
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
