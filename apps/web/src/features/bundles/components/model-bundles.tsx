import type { Gender } from "@reverie/shared";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { useBundles } from "../api/get-bundles";
import { BundleList, BundleListSkeleton } from "./bundle-list";

/** A character's bundles (GET /api/bundles?model_id). Renders nothing when the character has none. */
export function ModelBundles({
  modelId,
  name,
  gender,
  onInsufficientBalance,
}: {
  modelId: number;
  name: string;
  gender?: Gender;
  onInsufficientBalance: () => void;
}) {
  const bundles = useBundles({ modelId });

  if (bundles.isSuccess && bundles.data.bundles.length === 0) return null;

  return (
    <section aria-labelledby="model-bundles-title" className="space-y-5" data-testid="model-bundles">
      <SectionHeading
        id="model-bundles-title"
        eyebrow="Private sets"
        title={`${name}'s bundles`}
        description="Unlock a set to see every photo and video in full."
      />
      {bundles.isPending ? (
        <BundleListSkeleton />
      ) : bundles.isError ? (
        <ErrorState error={bundles.error} onRetry={() => bundles.refetch()} />
      ) : (
        <BundleList
          bundles={bundles.data.bundles}
          gender={gender}
          onInsufficientBalance={onInsufficientBalance}
        />
      )}
    </section>
  );
}
