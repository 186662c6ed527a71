import type { TraitDefinition, User } from "@reverie/shared";
import { Notice } from "@/components/ui/notice";
import type { BuilderDraft } from "../utils/builder-draft";
import type { BuilderStep, BuilderStepId } from "../utils/builder-steps";
import type { CreateFailure } from "../utils/create-errors";
import { BuilderSummary } from "./builder-summary";
import { CreationPrice } from "./creation-price";

/** The last step: everything chosen, the price, and why creating failed if it did. */
export function BuilderSummaryStep({
  draft,
  steps,
  offered,
  traitList,
  user,
  onEdit,
  failure,
  onBuyTokens,
}: {
  draft: BuilderDraft;
  steps: readonly BuilderStep[];
  offered: readonly TraitDefinition[];
  traitList: { price_tokens: number; free_per_month: number };
  user: User | null;
  onEdit: (step: BuilderStepId) => void;
  failure: CreateFailure | null;
  onBuyTokens: () => void;
}) {
  return (
    <div className="space-y-6">
      <BuilderSummary
        draft={draft}
        steps={steps}
        offered={offered}
        onEdit={onEdit}
        descriptionError={failure?.kind === "refused" ? failure.message : undefined}
      />
      <CreationPrice
        priceTokens={traitList.price_tokens}
        freePerMonth={traitList.free_per_month}
        user={user}
      />
      {failure?.kind === "insufficient_balance" ? (
        <Notice tone="info" testId="create-needs-tokens">
          <p>You don't have enough tokens to create this character yet. Everything you chose is kept.</p>
          <button
            type="button"
            onClick={onBuyTokens}
            className="mt-1.5 font-semibold text-coral-300 underline-offset-4 hover:underline"
          >
            Get tokens
          </button>
        </Notice>
      ) : null}
      {failure?.kind === "failed" ? (
        <Notice tone="error" testId="create-error">
          {failure.message} Your choices are kept: try again in a moment.
        </Notice>
      ) : null}
    </div>
  );
}
