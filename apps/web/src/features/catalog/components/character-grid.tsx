import type { Gender } from "@reverie/shared";
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { genderLabel } from "@/config/genders";
import { useModels } from "../api/get-models";
import { CharacterCard, CharacterCardSkeleton } from "./character-card";

/** Mobile 2 columns, tablet 3, desktop 4–6. */
export const CHARACTER_GRID =
  "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-5 xl:grid-cols-5 xxl:grid-cols-6";

/**
 * The catalog of one category, with skeleton, empty and error states. `leading` is a tile shown
 * before the characters (the landing's "Create your own").
 */
export function CharacterGrid({ gender, leading }: { gender: Gender; leading?: ReactNode }) {
  const models = useModels(gender);

  if (models.isPending) {
    return (
      <div
        className={CHARACTER_GRID}
        role="status"
        aria-busy="true"
        aria-label="Loading characters"
        data-testid="character-grid-loading"
      >
        {Array.from({ length: 10 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <CharacterCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (models.isError) {
    return (
      <ErrorState
        title="We couldn't load the characters"
        error={models.error}
        onRetry={() => models.refetch()}
      />
    );
  }

  if (models.data.items.length === 0) {
    return (
      <EmptyState
        icon={<SearchX className="size-6" aria-hidden="true" />}
        title="No characters here yet"
        description={`New ${genderLabel(gender).toLowerCase()} are on their way. Try another category meanwhile.`}
      />
    );
  }

  return (
    <ul className={CHARACTER_GRID} data-testid="character-grid" data-gender={gender}>
      {leading ? <li>{leading}</li> : null}
      {models.data.items.map((model, index) => (
        <li key={model.id}>
          <CharacterCard model={model} priority={index < 4} />
        </li>
      ))}
    </ul>
  );
}
