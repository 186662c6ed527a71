import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/models?gender — the character catalog of one category. */
export function getModels(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/models", (contract) => contract.modelListSchema, { params: { gender }, signal });
}

export const modelsQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["models", { gender }],
    queryFn: ({ signal }) => getModels(gender, signal),
  });

export function useModels(gender: Gender) {
  return useQuery(modelsQueryOptions(gender));
}
