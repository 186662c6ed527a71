import type { Model } from "@reverie/shared";
import { Camera, Heart, Sparkles, Video } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { Card } from "@/components/ui/card";
import { Chip } from "@/components/ui/chip";
import { Skeleton } from "@/components/ui/skeleton";
import { genderLabel } from "@/config/genders";
import { pluralize } from "@/lib/format";

/** Everything about a character: cover, name, age, tagline, description, personality, hobbies, relationship. */
export function CharacterProfile({ model }: { model: Model }) {
  return (
    <Card className="overflow-hidden" data-testid="character-profile">
      <div className="relative">
        <MediaImage
          src={model.cover_url}
          alt={`Portrait of ${model.name}`}
          priority
          className="aspect-[5/4] sm:aspect-[16/10] lg:aspect-[4/5]"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-ink-850 via-ink-850/20 to-transparent"
        />
        <div className="absolute inset-x-0 bottom-0 flex items-end gap-4 p-5 sm:p-6">
          <MediaImage
            src={model.avatar_url}
            alt=""
            ratio={1}
            className="size-16 shrink-0 rounded-2xl border-2 border-white/15 sm:size-20"
          />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
              {genderLabel(model.gender)}
            </p>
            <h1 className="font-display text-3xl leading-tight text-white sm:text-4xl">
              {model.name}
              <span className="ml-2.5 text-xl text-ink-200 tabular-nums sm:text-2xl">{model.age}</span>
            </h1>
          </div>
        </div>
      </div>
      <div className="space-y-6 p-5 sm:p-6">
        <p className="font-display text-lg text-ink-100 italic sm:text-xl">“{model.tagline}”</p>
        <p className="leading-relaxed text-ink-300">{model.description}</p>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          <div className="rounded-2xl border border-white/[0.06] bg-white/[0.02] p-4">
            <dt className="flex items-center gap-2 text-xs font-semibold tracking-wider text-ink-400 uppercase">
              <Sparkles className="size-3.5 text-coral-300" aria-hidden="true" />
              Personality
            </dt>
            <dd className="mt-1.5 text-ink-100">{model.personality}</dd>
          </div>
          <div className="rounded-2xl border border-white/[0.06] bg-white/[0.02] p-4">
            <dt className="flex items-center gap-2 text-xs font-semibold tracking-wider text-ink-400 uppercase">
              <Heart className="size-3.5 text-coral-300" aria-hidden="true" />
              Relationship
            </dt>
            <dd className="mt-1.5 text-ink-100">{model.relationship}</dd>
          </div>
        </dl>
        {model.hobbies.length > 0 ? (
          <div>
            <h2 className="text-xs font-semibold tracking-wider text-ink-400 uppercase">Hobbies</h2>
            <ul className="mt-2.5 flex flex-wrap gap-2" aria-label="Hobbies">
              {model.hobbies.map((hobby) => (
                <li key={hobby}>
                  <Chip>{hobby}</Chip>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="flex flex-wrap gap-4 text-sm text-ink-400">
          <span className="inline-flex items-center gap-1.5">
            <Camera className="size-4" aria-hidden="true" />
            {pluralize(model.photo_count, "photo")}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Video className="size-4" aria-hidden="true" />
            {pluralize(model.video_count, "video")}
          </span>
        </p>
      </div>
    </Card>
  );
}

export function CharacterProfileSkeleton() {
  return (
    <Card className="overflow-hidden" aria-busy="true">
      <Skeleton className="aspect-[5/4] rounded-none sm:aspect-[16/10] lg:aspect-[4/5]" />
      <div className="space-y-4 p-6">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-20 w-full" />
      </div>
    </Card>
  );
}
