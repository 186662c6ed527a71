import type { AdminBundle, Gender } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useAdminBundles } from "../api/list-bundles";
import { useUpdateBundle } from "../api/update-bundle";

function PriceRow({ bundle, canEdit }: { bundle: AdminBundle; canEdit: boolean }) {
  const update = useUpdateBundle();
  const [price, setPrice] = useState(String(bundle.price_tokens));

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: bundle.id, body: { price_tokens: Number(price) } });
  }

  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2.5" data-testid="admin-bundle-row">
      <span className="min-w-0 flex-1 truncate text-ink-100">
        {bundle.title}
        <span className="ml-2 text-xs text-ink-500">
          {bundle.photo_count} photos · {bundle.video_count} videos
        </span>
      </span>
      {canEdit ? (
        <form onSubmit={submit} className="flex items-center gap-2">
          <label className="sr-only" htmlFor={`bundle-price-${bundle.id}`}>
            Price of {bundle.title} in tokens
          </label>
          <input
            id={`bundle-price-${bundle.id}`}
            type="number"
            min={1}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            className="w-24 rounded-lg border border-white/10 bg-ink-800 px-2 py-1 text-ink-100"
          />
          <Button size="sm" type="submit" variant="secondary" loading={update.isPending}>
            Save
          </Button>
        </form>
      ) : (
        <span className="text-ink-200">{bundle.price_tokens} tokens</span>
      )}
      {update.error ? <Notice tone="error">{errorMessage(update.error)}</Notice> : null}
    </li>
  );
}

/** A category's bundles or packs and their prices in tokens. */
export function BundlePrices({
  gender,
  kind,
  canEdit,
}: {
  gender: Gender;
  kind: "bundle" | "pack";
  canEdit: boolean;
}) {
  const bundles = useAdminBundles({ gender, kind });
  if (bundles.isPending) return <Skeleton className="h-32 w-full rounded-2xl" />;
  if (bundles.isError) return <ErrorState error={bundles.error} onRetry={() => void bundles.refetch()} />;
  if (bundles.data.items.length === 0) return <p className="text-sm text-ink-400">None in this category.</p>;
  return (
    <ul className="divide-y divide-white/5 rounded-2xl border border-white/10">
      {bundles.data.items.map((bundle) => (
        <PriceRow key={bundle.id} bundle={bundle} canEdit={canEdit} />
      ))}
    </ul>
  );
}
