import type { Gender, TraitDefinition, traitListSchema } from "@reverie/shared";
import { ArrowLeft, ArrowRight, Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/lib/auth";
import { useTraitList } from "../api/get-trait-list";
import { useBuilderDraft } from "../hooks/use-builder-draft";
import { useCreateCharacter } from "../hooks/use-create-character";
import { buildCustomModelPayload } from "../utils/build-payload";
import { type BuilderDraft, withGender, withTraitValue } from "../utils/builder-draft";
import { type BuilderStepId, stepOfField, stepsFor, traitsOfStep } from "../utils/builder-steps";
import { type FieldProblem, firstStepWithProblem, stepProblems } from "../utils/draft-validation";
import { traitsForGender } from "../utils/trait-options";
import { BuilderProgress } from "./builder-progress";
import { BuilderSummaryStep } from "./builder-summary-step";
import { CategoryPicker } from "./category-picker";
import { CharacterPreview } from "./character-preview";
import { CreatedNotice } from "./created-notice";
import { DetailsFields } from "./details-fields";
import { TraitPicker } from "./trait-picker";

type TraitList = z.output<typeof traitListSchema>;

interface CharacterBuilderProps {
  onInsufficientBalance: () => void;
  /**
   * Where the flow stays after creating (/onboarding): called with the new character instead of
   * showing the created notice.
   */
  onCreated?: (character: { id: number; name: string; gender: Gender }) => void;
  /** a category to start a fresh draft with (the interest picked on the onboarding) */
  defaultGender?: Gender | null;
}

/** The constructor (/create_ai): the server's traits, step by step, with a live preview. */
export function CharacterBuilder({ onInsufficientBalance, onCreated, defaultGender }: CharacterBuilderProps) {
  const traitList = useTraitList();
  if (traitList.isPending) return <CharacterBuilderSkeleton />;
  if (traitList.isError) {
    return (
      <ErrorState
        title="We couldn't load the options"
        error={traitList.error}
        onRetry={() => traitList.refetch()}
      />
    );
  }
  return (
    <BuilderForm
      traitList={traitList.data}
      onInsufficientBalance={onInsufficientBalance}
      onCreated={onCreated}
      defaultGender={defaultGender}
    />
  );
}

function problemsByField(problems: readonly FieldProblem[]): Record<string, string> {
  return Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
}

function BuilderForm({
  traitList,
  onInsufficientBalance,
  onCreated,
  defaultGender,
}: CharacterBuilderProps & { traitList: TraitList }) {
  const { user } = useSession();
  const [draft, setDraft] = useBuilderDraft();
  const creation = useCreateCharacter({ onInsufficientBalance });
  const [showProblems, setShowProblems] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // before a category is chosen, every step the trait list fills is listed
  const offered = useMemo(
    () => (draft.gender ? traitsForGender(traitList.traits, draft.gender) : traitList.traits),
    [traitList.traits, draft.gender],
  );
  const steps = useMemo(() => stepsFor(offered), [offered]);
  const index = Math.max(
    0,
    steps.findIndex((candidate) => candidate.id === draft.step),
  );
  const step = steps[index] ?? steps[0];
  const problems = step ? stepProblems(step, draft, offered) : [];

  const failure = creation.failure;
  const shownProblems = problemsByField(showProblems ? problems : []);
  if (failure?.kind === "field") shownProblems[failure.field] = failure.message;
  if (failure?.kind === "refused") shownProblems.description = failure.message;

  // a fresh draft starts in the given category (still on the category step, where it can be changed)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only for the draft found on opening
  useEffect(() => {
    if (defaultGender && !draft.gender) {
      setDraft((current) =>
        current.gender ? current : withGender(current, defaultGender, traitList.traits),
      );
    }
  }, []);

  // on onboarding the flow goes on with the new character
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per created character
  useEffect(() => {
    if (creation.created !== null && onCreated && draft.gender) {
      onCreated({ id: creation.created, name: draft.name.trim(), gender: draft.gender });
    }
  }, [creation.created]);

  // the option icons are fetched while the user picks a category, so the next step has them
  useEffect(() => {
    void import("./trait-icon");
  }, []);

  // a new step takes the focus to its heading, so keyboards and screen readers start there
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus({ preventScroll: true });
    stepRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [step?.id]);

  // a 400 naming a field opens the step where it is picked
  useEffect(() => {
    if (failure?.kind !== "field") return;
    moved.current = true;
    setDraft((current) => ({ ...current, step: stepOfField(failure.field) }));
  }, [failure, setDraft]);

  function change(update: (current: BuilderDraft) => BuilderDraft) {
    setDraft(update);
    if (failure && failure.kind !== "insufficient_balance") creation.clearFailure();
  }

  function open(stepId: BuilderStepId, withProblems = false) {
    moved.current = true;
    setShowProblems(withProblems);
    setDraft((current) => ({ ...current, step: stepId }));
  }

  function revealProblems() {
    setShowProblems(true);
    requestAnimationFrame(() =>
      stepRef.current
        ?.querySelector('[role="alert"]')
        ?.scrollIntoView({ block: "center", behavior: "smooth" }),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!step) return;
    if (step.id !== "summary") {
      const next = steps[index + 1];
      if (problems.length > 0) revealProblems();
      else if (next) open(next.id);
      return;
    }
    const result = buildCustomModelPayload(draft, traitList.traits);
    if (!result.ok) {
      open(firstStepWithProblem(result.problems) ?? "category", true);
      return;
    }
    await creation.submit(result.payload);
  }

  if (creation.created !== null) {
    return onCreated ? null : <CreatedNotice modelId={creation.created} name={draft.name} />;
  }
  if (!step) return null;

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
      <form onSubmit={submit} noValidate className="min-w-0 space-y-6">
        <BuilderProgress steps={steps} current={index} onOpen={(id) => open(id)} />
        {step.id === "summary" ? null : (
          <div className="lg:hidden">
            <CharacterPreview draft={draft} offered={offered} compact />
          </div>
        )}
        <div ref={stepRef} className="scroll-mt-24 space-y-6" data-testid="create-step" data-step={step.id}>
          <header className="space-y-1">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="font-display text-2xl text-ink-100 outline-none sm:text-3xl"
            >
              {step.title}
            </h2>
            <p className="text-sm text-ink-300">{step.description}</p>
          </header>
          <StepBody
            stepId={step.id}
            draft={draft}
            offered={offered}
            traits={traitsOfStep(step, offered)}
            problems={shownProblems}
            onGender={(gender) => change((current) => withGender(current, gender, traitList.traits))}
            onTrait={(trait, value) => change((current) => withTraitValue(current, trait, value))}
            onDetails={(details) => change((current) => ({ ...current, ...details }))}
          />
          {step.id === "summary" ? (
            <BuilderSummaryStep
              draft={draft}
              steps={steps}
              offered={offered}
              traitList={traitList}
              user={user}
              onEdit={(id) => open(id)}
              failure={failure}
              onBuyTokens={onInsufficientBalance}
            />
          ) : null}
        </div>
        <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 -mx-4 flex items-center justify-between gap-3 border-t border-white/[0.06] bg-ink-950/85 px-4 py-3 backdrop-blur-xl sm:mx-0 sm:rounded-2xl sm:border md:bottom-4">
          <Button
            variant="ghost"
            onClick={() => {
              const previous = steps[index - 1];
              if (previous) open(previous.id);
            }}
            disabled={index === 0 || creation.pending}
            icon={<ArrowLeft className="size-4" aria-hidden="true" />}
            data-testid="builder-back"
          >
            Back
          </Button>
          {step.id === "summary" ? (
            <Button
              type="submit"
              size="lg"
              loading={creation.pending}
              icon={<Sparkles className="size-4" aria-hidden="true" />}
              data-testid="builder-create"
            >
              Create
            </Button>
          ) : (
            <Button type="submit" data-testid="builder-next">
              Next
              <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          )}
        </div>
      </form>
      <aside className="hidden lg:sticky lg:top-24 lg:block" aria-label="Preview">
        <CharacterPreview draft={draft} offered={offered} />
      </aside>
    </div>
  );
}

function StepBody({
  stepId,
  draft,
  offered,
  traits,
  problems,
  onGender,
  onTrait,
  onDetails,
}: {
  stepId: BuilderStepId;
  draft: BuilderDraft;
  offered: readonly TraitDefinition[];
  traits: readonly TraitDefinition[];
  problems: Record<string, string>;
  onGender: (gender: Gender) => void;
  onTrait: (trait: TraitDefinition, value: string) => void;
  onDetails: (details: Partial<Pick<BuilderDraft, "name" | "age" | "description">>) => void;
}) {
  if (stepId === "category") {
    return <CategoryPicker value={draft.gender} onPick={onGender} problem={problems.gender} />;
  }
  if (stepId === "details") {
    return <DetailsFields value={draft} onChange={onDetails} errors={problems} />;
  }
  if (stepId === "summary") {
    return (
      <div className="mx-auto max-w-72 lg:hidden">
        <CharacterPreview draft={draft} offered={offered} />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {traits.map((trait) => (
        <TraitPicker
          key={trait.key}
          trait={trait}
          values={draft.traits[trait.key] ?? []}
          onPick={(value) => onTrait(trait, value)}
          problem={problems[trait.key]}
        />
      ))}
    </div>
  );
}

export function CharacterBuilderSkeleton() {
  return (
    <div
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]"
      aria-busy="true"
    >
      <div className="space-y-6">
        <Skeleton className="h-9 w-full max-w-xl rounded-full" />
        <Skeleton className="h-9 w-64" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="aspect-[3/4] rounded-3xl" />
          ))}
        </div>
      </div>
      <Skeleton className="hidden aspect-[3/4] rounded-3xl lg:block" />
    </div>
  );
}
