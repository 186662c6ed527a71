import { Check } from "lucide-react";
import { lazy, Suspense } from "react";
import { MediaImage } from "@/components/media/media-image";
import { cn } from "@/lib/cn";
import type { TraitOption } from "../utils/trait-options";
import { OptionInitial } from "./option-initial";

/** The trait list's icons (a few dozen) load beside the constructor, not before it paints. */
const TraitIcon = lazy(() => import("./trait-icon").then((module) => ({ default: module.TraitIcon })));

interface TraitOptionTileProps {
  trait: string;
  option: TraitOption;
  selected: boolean;
  /** a multiple trait at its max: the options not chosen rest until one is let go */
  disabled?: boolean;
  onPick: () => void;
}

/** One option of a trait: its picture or icon and its label; pressed when chosen. */
export function TraitOptionTile({ trait, option, selected, disabled = false, onPick }: TraitOptionTileProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onPick}
      data-testid="trait-option"
      data-trait={trait}
      data-value={option.value}
      className={cn(
        "group relative flex w-full flex-col items-center gap-2 rounded-2xl border p-2 pb-2.5 text-center transition duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coral-400 disabled:cursor-not-allowed disabled:opacity-40",
        selected
          ? "border-coral-400/70 bg-coral-500/[0.12] shadow-glow"
          : "border-white/[0.08] bg-ink-900/60 hover:border-white/20 hover:bg-white/[0.04]",
      )}
    >
      {option.image_url ? (
        <MediaImage
          src={option.image_url}
          alt=""
          ratio={1}
          className="w-full rounded-xl"
          imgClassName="transition duration-500 group-hover:scale-105"
        />
      ) : (
        <span
          className={cn(
            "grid aspect-square w-full max-w-16 place-items-center rounded-full transition",
            selected
              ? "bg-coral-500/20 text-coral-200"
              : "bg-white/[0.05] text-ink-300 group-hover:text-ink-100",
          )}
        >
          <Suspense fallback={<OptionInitial label={option.label} />}>
            <TraitIcon name={option.icon} label={option.label} />
          </Suspense>
        </span>
      )}
      <span className={cn("text-sm leading-tight font-medium", selected ? "text-white" : "text-ink-200")}>
        {option.label}
      </span>
      {selected ? (
        <span className="absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full bg-coral-500 text-white shadow-md">
          <Check className="size-3.5" aria-hidden="true" />
        </span>
      ) : null}
    </button>
  );
}
