import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/bundles/{id}/items?gender — every item of a bundle (blurred previews while locked). */
export function getBundleItems(bundleId: number, gender?: Gender, signal?: AbortSignal) {
  return api.get(`/api/bundles/${bundleId}/items`, (contract) => contract.bundleItemsResponseSchema, {
    params: { gender },
    signal,
  });
}

export const bundleItemsQueryOptions = (bundleId: number, gender?: Gender) =>
  queryOptions({
    queryKey: ["bundles", "items", bundleId, { gender }],
    queryFn: ({ signal }) => getBundleItems(bundleId, gender, signal),
  });

export function useBundleItems(bundleId: number, gender?: Gender) {
  return useQuery(bundleItemsQueryOptions(bundleId, gender));
}
