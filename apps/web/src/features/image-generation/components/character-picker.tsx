import type { Gender, Model } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Plus } from "lucide-react";
import { Link } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Tabs } from "@/components/ui/tabs";
import { GENDER_TABS, genderLabel } from "@/config/genders";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useRealtimeEvents } from "@/lib/realtime";
import { useOwnCharacters } from "../api/get-own-characters";
import { characterChoices } from "../utils/character-choices";

const GRID = "grid grid-cols-3 gap-2.5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-4 xl:grid-cols-5";

/** The catalog of the category shown, as the screen loads it (features/catalog). */
export interface CatalogCharacters {
  items: Model[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

interface CharacterPickerProps {
  category: Gender;
  onCategoryChange: (category: Gender) => void;
  catalog: CatalogCharacters;
  selectedId: number | null;
  onSelect: (model: Model) => void;
}

/** Who to picture: the category's characters as portraits, the user's own first. */
export function CharacterPicker({
  category,
  onCategoryChange,
  catalog,
  selectedId,
  onSelect,
}: CharacterPickerProps) {
  const own = useOwnCharacters(category);
  const queryClient = useQueryClient();
  // a new character's portrait is drawn after it is listed: its card updates when it is ready
  useRealtimeEvents((event) => {
    if (event.action === "custom_model_created")
      void queryClient.invalidateQueries({ queryKey: ["custom-models"] });
  });
  const drawing = new Set(
    (own.data?.items ?? []).filter((model) => model.portrait_status === "pending").map((model) => model.id),
  );
  const choices = characterChoices(own.data?.items ?? [], catalog.items ?? []);
  const pending = catalog.isPending || own.isPending;

  return (
    <div className="space-y-5">
      <Tabs
        items={GENDER_TABS}
        value={category}
        onChange={onCategoryChange}
        label="Category"
        size="sm"
        testId="picker-category-tabs"
      />
      {pending ? (
        <div className={GRID} aria-busy="true">
          {Array.from({ length: 10 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="aspect-[3/4] rounded-2xl" />
          ))}
        </div>
      ) : catalog.error && choices.length === 0 ? (
        <ErrorState
          title="We couldn't load the characters"
          error={catalog.error}
          onRetry={() => catalog.refetch()}
        />
      ) : (
        <>
          {own.isError ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink-400" role="alert">
              Your own characters didn't load.
              <Button variant="ghost" size="sm" onClick={() => own.refetch()}>
                Try again
              </Button>
            </p>
          ) : null}
          {choices.length === 0 ? (
            <EmptyState
              title={`No ${genderLabel(category).toLowerCase()} yet`}
              description="Try another category, or create a character of your own."
              action={
                <Link
                  to={paths.createAi}
                  className="text-sm font-semibold text-coral-300 hover:text-coral-200"
                >
                  Create a character
                </Link>
              }
            />
          ) : (
            <ul className={GRID} aria-label={`${genderLabel(category)} to picture`}>
              {choices.map(({ model, own: isOwn }) => {
                const selected = model.id === selectedId;
                return (
                  <li key={model.id}>
                    <button
                      type="button"
                      data-testid="pick-character"
                      data-model-id={model.id}
                      aria-pressed={selected}
                      onClick={() => onSelect(model)}
                      className={cn(
                        "group relative block w-full overflow-hidden rounded-2xl border-2 text-left transition focus-visible:outline-offset-2",
                        selected
                          ? "border-coral-400 shadow-glow"
                          : "border-transparent hover:border-white/20",
                      )}
                    >
                      <MediaImage
                        src={model.cover_url || model.avatar_url}
                        alt=""
                        ratio={3 / 4}
                        imgClassName="transition duration-500 group-hover:scale-[1.04]"
                      />
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink-950/90 via-transparent to-transparent"
                      />
                      {isOwn ? (
                        <span className="absolute top-2 left-2 rounded-full bg-coral-500/90 px-2 py-0.5 text-[11px] font-semibold text-white">
                          Yours
                        </span>
                      ) : null}
                      {drawing.has(model.id) ? (
                        <span className="absolute inset-0 grid place-items-center">
                          <Spinner size="sm" label="Portrait on its way" />
                        </span>
                      ) : null}
                      {selected ? (
                        <span className="absolute top-2 right-2 grid size-6 place-items-center rounded-full bg-coral-500 text-white">
                          <Check className="size-3.5" aria-hidden="true" />
                        </span>
                      ) : null}
                      <span className="absolute inset-x-0 bottom-0 truncate px-2.5 pb-2 text-sm font-medium text-white">
                        {model.name}
                      </span>
                    </button>
                  </li>
                );
              })}
              <li>
                <Link
                  to={paths.createAi}
                  className="flex aspect-[3/4] flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-white/15 p-2 text-center text-sm text-ink-300 transition hover:border-coral-400/50 hover:text-coral-200"
                >
                  <Plus className="size-5" aria-hidden="true" />
                  Create your own
                </Link>
              </li>
            </ul>
          )}
        </>
      )}
    </div>
  );
}
