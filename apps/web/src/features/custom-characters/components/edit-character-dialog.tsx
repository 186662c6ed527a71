import type { CustomModel } from "@reverie/shared";
import { type FormEvent, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { useTraitList } from "../api/get-trait-list";
import { changesLook, useUpdateCustomModel } from "../api/update-custom-model";
import { buildCustomModelUpdate, draftFromModel } from "../utils/build-payload";
import type { BuilderDraft } from "../utils/builder-draft";
import { withTraitValue } from "../utils/builder-draft";
import { stepsFor, traitsOfStep } from "../utils/builder-steps";
import { classifyCreateError } from "../utils/create-errors";
import { editableTraits, traitsForGender } from "../utils/trait-options";
import { DetailsFields } from "./details-fields";
import { TraitPicker } from "./trait-picker";

/**
 * Edit a character: name, age, description and traits, with the constructor's tiles. Only what
 * changed is sent; a changed look draws a new portrait (pending until its event).
 */
export function EditCharacterDialog({ model, onClose }: { model: CustomModel; onClose: () => void }) {
  const traitList = useTraitList();
  const update = useUpdateCustomModel(model.id);
  const [draft, setDraft] = useState<BuilderDraft>(() => draftFromModel(model));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const offered = useMemo(
    () =>
      traitList.data
        ? editableTraits(traitsForGender(traitList.data.traits, model.gender), model.source)
        : [],
    [traitList.data, model.gender, model.source],
  );
  const traitSteps = stepsFor(offered).filter((step) => step.traits.length > 0);

  function change(next: BuilderDraft) {
    setDraft(next);
    setFailure(null);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const result = buildCustomModelUpdate(model, draft, offered);
    if (!result.ok) {
      setProblems(Object.fromEntries(result.problems.map((problem) => [problem.field, problem.message])));
      return;
    }
    setProblems({});
    if (Object.keys(result.payload).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync(result.payload);
      onClose();
    } catch (error) {
      const classified = classifyCreateError(error);
      if (classified.kind === "field") setProblems({ [classified.field]: classified.message });
      else if (classified.kind === "refused") setProblems({ description: classified.message });
      else if (classified.kind === "insufficient_balance")
        setFailure("You don't have enough tokens for this change.");
      else setFailure(classified.message);
    }
  }

  const pending = buildCustomModelUpdate(model, draft, offered);
  const redraws = pending.ok && changesLook(pending.payload);

  return (
    <Modal title={`Edit ${model.name}`} onClose={onClose} size="lg" testId="edit-character-dialog">
      <form onSubmit={save} noValidate className="mt-6 space-y-8">
        <DetailsFields
          value={draft}
          onChange={(details) => change({ ...draft, ...details })}
          errors={problems}
        />
        {model.source === "card" ? (
          <p className="text-sm text-ink-400">
            {model.name} came from a character card: their look and personality stay as the card has them.
          </p>
        ) : null}
        {traitList.isPending ? (
          <Skeleton className="h-48 rounded-2xl" />
        ) : traitList.isError ? (
          <ErrorState
            title="We couldn't load the traits"
            error={traitList.error}
            onRetry={() => traitList.refetch()}
          />
        ) : (
          traitSteps.map((step) => (
            <section
              key={step.id}
              aria-label={step.label}
              className="space-y-5 border-t border-white/[0.06] pt-6"
            >
              <h3 className="font-display text-xl text-ink-100">{step.title}</h3>
              {traitsOfStep(step, offered).map((trait) => (
                <TraitPicker
                  key={trait.key}
                  trait={trait}
                  values={draft.traits[trait.key] ?? []}
                  onPick={(value) => change(withTraitValue(draft, trait, value))}
                  problem={problems[trait.key]}
                />
              ))}
            </section>
          ))
        )}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="sticky -bottom-6 -mx-6 flex flex-col-reverse gap-3 border-t border-white/[0.06] bg-ink-850/95 px-6 py-4 backdrop-blur-xl sm:-bottom-8 sm:-mx-8 sm:flex-row sm:items-center sm:justify-end sm:px-8">
          {redraws ? (
            <p className="text-xs text-ink-400 sm:mr-auto" aria-live="polite">
              A new look means a new portrait: it's drawn once you save.
            </p>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="save-character">
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
