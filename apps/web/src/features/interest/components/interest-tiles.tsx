import type { Gender } from "@reverie/shared";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";
import { useInterestPreview } from "../api/get-interest-preview";

export type Interest = Extract<Gender, "female" | "male">;

const TILES: Array<{ value: Interest; label: string; art: string }> = [
  { value: "female", label: "Girls", art: "from-coral-500/70 via-rose-500/40 to-ink-900" },
  { value: "male", label: "Guys", art: "from-violet-500/70 via-indigo-500/40 to-ink-900" },
];

function InterestTile({
  value,
  label,
  art,
  selected,
  onChoose,
}: (typeof TILES)[number] & { selected: boolean | undefined; onChoose: (g: Interest) => void }) {
  const preview = useInterestPreview(value);
  return (
    <button
      type="button"
      onClick={() => onChoose(value)}
      data-testid={`interest-${value}`}
      aria-pressed={selected}
      className={cn(
        "group relative aspect-[3/4] overflow-hidden rounded-2xl border border-white/10 bg-ink-800 text-left transition duration-300 hover:-translate-y-0.5 hover:border-coral-400/60 hover:shadow-glow",
        selected && "border-coral-400 ring-2 ring-coral-400/60",
      )}
    >
      <span aria-hidden="true" className={cn("absolute inset-0 bg-gradient-to-br", art)} />
      <span
        aria-hidden="true"
        className="absolute -right-10 -bottom-10 size-40 rounded-full bg-white/10 blur-2xl transition duration-500 group-hover:bg-white/20"
      />
      {preview.data ? (
        <img
          src={mediaUrl(preview.data)}
          alt=""
          loading="eager"
          className="absolute inset-0 size-full object-cover opacity-90 transition duration-500 group-hover:scale-105"
        />
      ) : null}
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-ink-950/90 via-ink-950/10 to-transparent"
      />
      <span className="absolute inset-x-0 bottom-0 p-4 font-display text-2xl font-medium text-white sm:text-3xl">
        {label}
      </span>
    </button>
  );
}

/**
 * The spec's two interest tiles, Girls and Guys, each with a character's cover as art. `selected`
 * marks the current choice (pressed); without it the tiles are plain buttons.
 */
export function InterestTiles({
  onChoose,
  selected,
  className,
}: {
  onChoose: (gender: Interest) => void;
  selected?: Interest | null;
  className?: string;
}) {
  return (
    <div className={cn("grid grid-cols-2 gap-3 sm:gap-4", className)}>
      {TILES.map((tile) => (
        <InterestTile
          key={tile.value}
          {...tile}
          selected={selected === undefined ? undefined : selected === tile.value}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}
