import type { TraitDefinition } from "@reverie/shared";
import { Pencil } from "lucide-react";
import { genderLabel } from "@/config/genders";
import type { BuilderDraft } from "../utils/builder-draft";
import type { BuilderStep, BuilderStepId } from "../utils/builder-steps";
import { traitsOfStep } from "../utils/builder-steps";
import { optionLabel } from "../utils/trait-options";

interface SummaryRow {
  key: string;
  label: string;
  value: string;
  step: BuilderStepId;
}

function summaryRows(
  draft: BuilderDraft,
  steps: readonly BuilderStep[],
  offered: readonly TraitDefinition[],
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  if (draft.gender) {
    rows.push({ key: "gender", label: "Category", value: genderLabel(draft.gender), step: "category" });
  }
  for (const step of steps) {
    for (const trait of traitsOfStep(step, offered)) {
      const values = draft.traits[trait.key] ?? [];
      rows.push({
        key: trait.key,
        label: trait.label,
        value: values.map((value) => optionLabel(trait, value)).join(", ") || "—",
        step: step.id,
      });
    }
  }
  rows.push({ key: "name", label: "Name", value: draft.name.trim(), step: "details" });
  rows.push({ key: "age", label: "Age", value: draft.age.trim(), step: "details" });
  return rows;
}

/** Everything chosen, each with a way back to its step; the description in full under it. */
export function BuilderSummary({
  draft,
  steps,
  offered,
  onEdit,
  descriptionError,
}: {
  draft: BuilderDraft;
  steps: readonly BuilderStep[];
  offered: readonly TraitDefinition[];
  onEdit: (step: BuilderStepId) => void;
  /** the server's refusal of the definition, shown by the description */
  descriptionError?: string | undefined;
}) {
  const description = draft.description.trim();
  return (
    <div className="space-y-5">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {summaryRows(draft, steps, offered).map((row) => (
          <div
            key={row.key}
            className="flex items-center justify-between gap-3 border-b border-white/[0.06] py-2.5"
          >
            <div className="min-w-0">
              <dt className="text-xs text-ink-400">{row.label}</dt>
              <dd className="truncate text-ink-100">{row.value}</dd>
            </div>
            <button
              type="button"
              onClick={() => onEdit(row.step)}
              className="grid size-9 shrink-0 place-items-center rounded-full text-ink-400 transition hover:bg-white/[0.06] hover:text-white focus-visible:outline-2 focus-visible:outline-coral-400"
            >
              <Pencil className="size-4" aria-hidden="true" />
              <span className="sr-only">Change {row.label.toLowerCase()}</span>
            </button>
          </div>
        ))}
      </dl>
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-xs text-ink-400">Description</h3>
          <button
            type="button"
            onClick={() => onEdit("details")}
            className="text-sm font-medium text-coral-300 transition hover:text-coral-200"
          >
            {description ? "Edit" : "Add one"}
          </button>
        </div>
        <p className="text-sm leading-relaxed whitespace-pre-line text-ink-200">
          {description || "No description: they'll be written from the traits you chose."}
        </p>
        {descriptionError ? (
          <p role="alert" className="text-sm text-coral-300" data-testid="description-error">
            {descriptionError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
