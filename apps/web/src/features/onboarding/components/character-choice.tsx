import type { Model } from "@reverie/shared";
import { ArrowRight } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";

/** How many characters the "meet someone" step offers. */
export const CHARACTERS_TO_MEET = 4;

/**
 * A few characters of the chosen interest, each with a portrait, name, age and a short bio; choosing
 * one moves on to saying hello.
 */
export function CharacterChoice({
  characters,
  error,
  onRetry,
  onChoose,
}: {
  /** undefined while loading */
  characters: readonly Model[] | undefined;
  error: unknown;
  onRetry: () => void;
  onChoose: (character: Model) => void;
}) {
  if (error) return <ErrorState title="We couldn't load the characters" error={error} onRetry={onRetry} />;
  if (!characters) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4" aria-busy="true">
        {Array.from({ length: CHARACTERS_TO_MEET }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} className="aspect-[3/5] rounded-3xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4" aria-label="Characters to meet">
      {characters.slice(0, CHARACTERS_TO_MEET).map((character, index) => (
        <li key={character.id} className="min-w-0">
          <button
            type="button"
            onClick={() => onChoose(character)}
            data-testid="onboarding-character"
            data-model-id={character.id}
            aria-label={`Meet ${character.name}, ${character.age}`}
            className="group flex h-full w-full flex-col overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-850 text-left shadow-card transition duration-300 hover:-translate-y-0.5 hover:border-coral-400/50 hover:shadow-glow focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-coral-400"
          >
            <MediaImage
              src={character.cover_url}
              alt=""
              ratio={3 / 4}
              priority={index < 2}
              imgClassName="transition duration-700 group-hover:scale-[1.04]"
            />
            <span className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
              <span className="flex items-baseline gap-2">
                <span className="truncate font-display text-lg text-ink-100 sm:text-xl">
                  {character.name}
                </span>
                <span className="shrink-0 text-sm text-ink-300 tabular-nums">{character.age}</span>
              </span>
              <span className="line-clamp-3 text-xs text-ink-300 sm:text-sm">
                {character.tagline || character.description}
              </span>
              <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-coral-300 group-hover:text-coral-200">
                Meet {character.name}
                <ArrowRight className="size-3.5" aria-hidden="true" />
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
