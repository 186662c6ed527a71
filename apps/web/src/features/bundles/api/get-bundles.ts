import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface BundlesQuery {
  modelId?: number;
  gender?: Gender;
}

/** GET /api/bundles?model_id&gender — a character's bundles, or every bundle and pack of a category. */
export function getBundles({ modelId, gender }: BundlesQuery, signal?: AbortSignal) {
  return api.get("/api/bundles", (contract) => contract.bundlesResponseSchema, {
    params: { model_id: modelId, gender },
    signal,
  });
}

export const bundlesQueryOptions = (query: BundlesQuery) =>
  queryOptions({
    queryKey: ["bundles", query],
    queryFn: ({ signal }) => getBundles(query, signal),
  });

export function useBundles(query: BundlesQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bundlesQueryOptions(query), enabled: options.enabled ?? true });
}
