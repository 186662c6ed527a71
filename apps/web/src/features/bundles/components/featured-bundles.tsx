import type { Gender } from "@reverie/shared";
import { useMemo } from "react";
import { SectionHeading } from "@/components/ui/section-heading";
import { useModelsBundles } from "../api/get-models-bundles";
import { BundleList, BundleListSkeleton } from "./bundle-list";

/** Home: a row of the category's private sets (GET /api/models/bundles). Quietly absent on error or when empty. */
export function FeaturedBundles({
  gender,
  limit = 8,
  onInsufficientBalance,
}: {
  gender: Gender;
  limit?: number;
  onInsufficientBalance: () => void;
}) {
  const query = useModelsBundles(gender);
  const bundles = useMemo(
    () => (query.data?.items ?? []).flatMap((entry) => entry.bundles.slice(0, 1)).slice(0, limit),
    [query.data, limit],
  );

  if (query.isError || (query.isSuccess && bundles.length === 0)) return null;

  return (
    <section aria-labelledby="featured-bundles-title" className="space-y-5">
      <SectionHeading
        id="featured-bundles-title"
        eyebrow="Private collections"
        title="Sets they only share with you"
        description="Photo and video sets from your favourite characters."
      />
      {query.isPending ? (
        <BundleListSkeleton count={4} />
      ) : (
        <BundleList
          bundles={bundles}
          gender={gender}
          testId="featured-bundles"
          onInsufficientBalance={onInsufficientBalance}
        />
      )}
    </section>
  );
}
