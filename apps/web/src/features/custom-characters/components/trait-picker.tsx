import type { TraitDefinition } from "@reverie/shared";
import { useId } from "react";
import { maxValues } from "../utils/trait-options";
import { TraitOptionTile } from "./trait-option-tile";

interface TraitPickerProps {
  trait: TraitDefinition;
  values: readonly string[];
  onPick: (value: string) => void;
  /** why the step can't go on yet (nothing chosen), shown under the trait's name */
  problem?: string | undefined;
}

/** A trait's options as tiles, in a group named by the trait; several may be chosen for hobbies. */
export function TraitPicker({ trait, values, onPick, problem }: TraitPickerProps) {
  const problemId = useId();
  const max = maxValues(trait);
  const full = trait.multiple && values.length >= max;
  // pictures (looks) take larger tiles than icons
  const withPictures = trait.options.some((option) => option.image_url);

  return (
    <fieldset
      aria-describedby={problem ? problemId : undefined}
      data-testid="trait-picker"
      data-trait={trait.key}
      className="min-w-0 space-y-3"
    >
      <legend className="flex w-full flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-ink-100">{trait.label}</span>
        {trait.multiple ? (
          <span className="text-xs font-normal text-ink-400">
            {values.length} of up to {max} chosen
          </span>
        ) : null}
      </legend>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-coral-300">
          {problem}
        </p>
      ) : null}
      <ul
        className={
          withPictures
            ? "grid grid-cols-3 gap-2.5 sm:grid-cols-4 xl:grid-cols-5"
            : "grid grid-cols-3 gap-2.5 sm:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6"
        }
      >
        {trait.options.map((option) => {
          const selected = values.includes(option.value);
          return (
            <li key={option.value}>
              <TraitOptionTile
                trait={trait.key}
                option={option}
                selected={selected}
                disabled={full && !selected}
                onPick={() => onPick(option.value)}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
