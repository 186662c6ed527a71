import type { Model } from "@reverie/shared";
import { Camera, MessageCircleHeart, Video } from "lucide-react";
import { Link } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";

/** A catalog card: cover, name, age and tagline; opens the character at /chat/<id>. */
export function CharacterCard({ model, priority = false }: { model: Model; priority?: boolean }) {
  return (
    <Link
      to={paths.chatWith(model.id)}
      data-testid="character-card"
      data-gender={model.gender}
      data-model-id={model.id}
      className="group relative block overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-850 shadow-card transition duration-300 hover:-translate-y-1 hover:border-coral-400/40 hover:shadow-glow focus-visible:outline-offset-4"
    >
      <MediaImage
        src={model.cover_url}
        alt={`Portrait of ${model.name}`}
        ratio={3 / 4}
        priority={priority}
        imgClassName="transition duration-700 group-hover:scale-[1.04]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/35 to-transparent"
      />
      <div className="pointer-events-none absolute top-3 right-3 flex gap-1.5 opacity-0 transition duration-300 group-hover:opacity-100 group-focus-visible:opacity-100">
        {model.photo_count > 0 ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-1 text-[11px] font-medium text-white backdrop-blur-md">
            <Camera className="size-3" aria-hidden="true" />
            {model.photo_count}
            <span className="sr-only"> photos</span>
          </span>
        ) : null}
        {model.video_count > 0 ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-1 text-[11px] font-medium text-white backdrop-blur-md">
            <Video className="size-3" aria-hidden="true" />
            {model.video_count}
            <span className="sr-only"> videos</span>
          </span>
        ) : null}
      </div>
      <div className="absolute inset-x-0 bottom-0 p-3.5 sm:p-4">
        <h3 className="flex items-baseline gap-2 text-white">
          <span
            className="truncate font-display text-xl font-medium sm:text-2xl"
            data-testid="character-name"
          >
            {model.name}
          </span>
          <span
            className="shrink-0 text-sm font-medium text-ink-200 tabular-nums"
            data-testid="character-age"
          >
            {model.age}
          </span>
        </h3>
        <p
          className="mt-1 line-clamp-2 text-xs leading-snug text-ink-300 sm:text-sm"
          data-testid="character-tagline"
        >
          {model.tagline}
        </p>
        <span className="mt-3 hidden items-center gap-1.5 text-xs font-semibold text-coral-300 transition group-hover:text-coral-200 sm:inline-flex">
          <MessageCircleHeart className="size-4" aria-hidden="true" />
          Chat with {model.name}
        </span>
      </div>
    </Link>
  );
}

export function CharacterCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl border border-white/[0.05] bg-ink-850">
      <Skeleton className="aspect-[3/4] rounded-none" />
    </div>
  );
}
