import type { Gender } from "@reverie/shared";
import { FileInput, WandSparkles } from "lucide-react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { genderLabel } from "@/config/genders";
import { paths } from "@/config/paths";
import { useCustomModels } from "../api/get-custom-models";
import { CustomCharacterCard } from "./custom-character-card";

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-5 xl:grid-cols-5";

/** The user's characters of one category, with loading, empty and error states. */
export function CustomCharacterGrid({ gender, onImport }: { gender: Gender; onImport: () => void }) {
  const models = useCustomModels(gender);

  if (models.isPending) {
    return (
      <div className={GRID} role="status" aria-busy="true" aria-label="Loading your characters">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} className="aspect-[3/4] rounded-3xl" />
        ))}
      </div>
    );
  }

  if (models.isError) {
    return (
      <ErrorState
        title="We couldn't load your characters"
        error={models.error}
        onRetry={() => models.refetch()}
      />
    );
  }

  if (models.data.items.length === 0) {
    return (
      <EmptyState
        icon={<WandSparkles className="size-6" aria-hidden="true" />}
        title={`No ${genderLabel(gender).toLowerCase()} of your own yet`}
        description="Build a companion exactly the way you like, or bring one from another app with its character card."
        testId="my-ais-empty"
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.createAi} icon={<WandSparkles className="size-4" aria-hidden="true" />}>
              Create your AI
            </ButtonLink>
            <Button
              variant="secondary"
              onClick={onImport}
              icon={<FileInput className="size-4" aria-hidden="true" />}
            >
              Import a card
            </Button>
          </div>
        }
      />
    );
  }

  return (
    <ul className={GRID} data-testid="my-ais-grid" data-gender={gender}>
      {models.data.items.map((model, index) => (
        <li key={model.id}>
          <CustomCharacterCard model={model} priority={index < 4} />
        </li>
      ))}
    </ul>
  );
}
