import type { GeneratedImage } from "@reverie/shared";
import { Images } from "lucide-react";
import type { ReactNode } from "react";
import { MediaImage } from "@/components/media/media-image";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { Skeleton } from "@/components/ui/skeleton";
import { pluralize } from "@/lib/format";
import { useImages } from "../api/get-images";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 xxl:grid-cols-6";

interface MyPicturesProps {
  /** one character's pictures; null for all of them */
  modelId: number | null;
  title: string;
  eyebrow?: string;
  emptyText: string;
  /** under the empty message: where to make the first picture */
  emptyAction?: ReactNode;
  onOpen: (picture: GeneratedImage) => void;
}

/** The user's pictures ("My pictures"), newest first; a tap opens one large. */
export function MyPictures({
  modelId,
  title,
  eyebrow = "My pictures",
  emptyText,
  emptyAction,
  onOpen,
}: MyPicturesProps) {
  const pictures = useImages(modelId);
  const items = pictures.data?.items ?? [];

  return (
    <section aria-labelledby="my-pictures-title" className="space-y-5" data-testid="my-pictures">
      <SectionHeading
        id="my-pictures-title"
        eyebrow={eyebrow}
        title={title}
        action={
          pictures.isSuccess && items.length > 0 ? (
            <span
              className="inline-flex items-center gap-1.5 text-sm text-ink-400"
              data-testid="my-pictures-count"
            >
              <Images className="size-4" aria-hidden="true" />
              {pluralize(items.length, "picture")}
            </span>
          ) : null
        }
      />
      {pictures.isPending ? (
        <div className={GRID} aria-busy="true">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="aspect-[3/4] rounded-2xl" />
          ))}
        </div>
      ) : pictures.isError ? (
        <ErrorState
          title="We couldn't load your pictures"
          error={pictures.error}
          onRetry={() => pictures.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Images className="size-6" aria-hidden="true" />}
          title="No pictures yet"
          description={emptyText}
          action={emptyAction}
        />
      ) : (
        <ul className={GRID}>
          {items.map((picture) => (
            <li key={picture.id}>
              <button
                type="button"
                data-testid="my-picture"
                data-image-id={picture.id}
                data-model-id={picture.model_id}
                onClick={() => onOpen(picture)}
                className="group block w-full overflow-hidden rounded-2xl border border-white/[0.06] transition hover:border-coral-400/40"
                aria-label={picture.prompt ? `Open picture: ${picture.prompt}` : "Open picture"}
              >
                <MediaImage
                  src={picture.thumbnail_url || picture.url}
                  alt=""
                  ratio={3 / 4}
                  imgClassName="transition duration-700 group-hover:scale-[1.04]"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
