import type { TraitDefinition } from "@reverie/shared";
import { Chip } from "@/components/ui/chip";
import { genderLabel } from "@/config/genders";
import type { BuilderDraft } from "../utils/builder-draft";
import { parseAge } from "../utils/draft-validation";
import { portraitTint } from "../utils/portrait-tint";
import { previewPortraitUrl } from "../utils/preview-portrait";
import { optionLabel } from "../utils/trait-options";
import { PreviewPortrait } from "./preview-portrait";

/** The labels of everything chosen so far, in the trait list's order. */
function chosenLabels(
  draft: BuilderDraft,
  offered: readonly TraitDefinition[],
): { key: string; trait: string; label: string }[] {
  return offered.flatMap((trait) =>
    (draft.traits[trait.key] ?? []).map((value) => ({
      key: `${trait.key}:${value}`,
      trait: trait.label,
      label: optionLabel(trait, value),
    })),
  );
}

/**
 * The character as chosen so far: their face with the chosen skin, hair and eyes (drawn by the
 * server's renderer, as their portrait will be; a tinted silhouette until a category is picked),
 * name, age and category, and a chip per choice. `compact` is the phone's strip above the step.
 */
export function CharacterPreview({
  draft,
  offered,
  compact = false,
}: {
  draft: BuilderDraft;
  offered: readonly TraitDefinition[];
  compact?: boolean;
}) {
  const tint = portraitTint(draft.gender, draft.traits);
  const portrait = previewPortraitUrl(draft);
  const labels = chosenLabels(draft, offered);
  const name = draft.name.trim() || "Your character";
  const age = parseAge(draft.age);

  if (compact) {
    return (
      <div
        className="flex items-center gap-3 rounded-2xl border border-white/[0.07] bg-ink-850/80 p-2.5"
        data-testid="character-preview"
      >
        <div className="h-16 w-12 shrink-0 overflow-hidden rounded-xl">
          <PreviewPortrait src={portrait} tint={tint} />
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-lg text-ink-100">
            {name}
            {age !== null ? <span className="ml-2 text-sm text-ink-300 tabular-nums">{age}</span> : null}
          </p>
          <p className="truncate text-xs text-ink-400">
            {labels.length > 0
              ? labels.map((chosen) => chosen.label).join(" · ")
              : "Your choices show up here"}
          </p>
        </div>
      </div>
    );
  }

  return (
    <figure
      className="overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-850/80 shadow-card"
      data-testid="character-preview"
    >
      <div className="relative aspect-[3/4]">
        <PreviewPortrait src={portrait} tint={tint} />
        <div className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/75 to-transparent" />
        <div className="absolute inset-x-0 bottom-0 p-4">
          {draft.gender ? (
            <p className="text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
              {genderLabel(draft.gender)}
            </p>
          ) : null}
          <p className="font-display text-2xl text-white">
            {name}
            {age !== null ? <span className="ml-2 text-lg text-ink-200 tabular-nums">{age}</span> : null}
          </p>
        </div>
      </div>
      <figcaption className="space-y-3 p-4">
        {labels.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Chosen so far">
            {labels.map((chosen) => (
              <li key={chosen.key}>
                <Chip className="px-2.5 py-1 text-xs">
                  <span className="sr-only">{chosen.trait}: </span>
                  {chosen.label}
                </Chip>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-400">Your choices show up here as you go.</p>
        )}
        <p className="text-xs text-ink-500">Their portrait is drawn in this look once they're created.</p>
      </figcaption>
    </figure>
  );
}
