import type { Gender } from "@reverie/shared";
import { Check } from "lucide-react";
import { useId } from "react";
import { GENDER_TABS } from "@/config/genders";
import { cn } from "@/lib/cn";
import { portraitTint } from "../utils/portrait-tint";
import { isAnimeCategory } from "../utils/trait-options";
import { PortraitSilhouette } from "./portrait-silhouette";

/** The first step: Girls, Guys, Anime girls, Anime guys, each a tile with a silhouette of its kind. */
export function CategoryPicker({
  value,
  onPick,
  problem,
}: {
  value: Gender | null;
  onPick: (gender: Gender) => void;
  problem?: string | undefined;
}) {
  const problemId = useId();
  return (
    <fieldset aria-describedby={problem ? problemId : undefined} className="min-w-0 space-y-3">
      <legend className="sr-only">Category</legend>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-coral-300">
          {problem}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {GENDER_TABS.map((category) => {
          const selected = value === category.value;
          return (
            <li key={category.value}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onPick(category.value)}
                data-testid="trait-option"
                data-trait="gender"
                data-value={category.value}
                className={cn(
                  "group relative block w-full overflow-hidden rounded-3xl border text-left transition duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coral-400",
                  selected
                    ? "border-coral-400/70 shadow-glow"
                    : "border-white/[0.08] hover:-translate-y-0.5 hover:border-white/25",
                )}
              >
                <div className="aspect-[3/4]">
                  <PortraitSilhouette tint={portraitTint(category.value, {})} />
                </div>
                <span className="absolute inset-x-0 bottom-0 p-3.5">
                  <span className="block font-display text-xl text-white">{category.label}</span>
                  <span className="block text-xs text-ink-300">
                    {isAnimeCategory(category.value) ? "Anime style" : "Realistic"}
                  </span>
                </span>
                {selected ? (
                  <span className="absolute top-2.5 right-2.5 grid size-7 place-items-center rounded-full bg-coral-500 text-white">
                    <Check className="size-4" aria-hidden="true" />
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
