import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/models/bundles?gender — each character of a category with its bundles. */
export function getModelsBundles(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/models/bundles", (contract) => contract.modelBundlesResponseSchema, {
    params: { gender },
    signal,
  });
}

export const modelsBundlesQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["models", "bundles", { gender }],
    queryFn: ({ signal }) => getModelsBundles(gender, signal),
  });

export function useModelsBundles(gender: Gender) {
  return useQuery(modelsBundlesQueryOptions(gender));
}
