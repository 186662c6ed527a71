import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/custom/models?gender — the user's own characters of one category, to picture. Cached
 * under the key of the custom-characters feature's list, so creating, editing or deleting one there
 * refreshes the picker too.
 */
export function getOwnCharacters(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/custom/models", (contract) => contract.customModelListSchema, {
    params: { gender },
    signal,
  });
}

export const ownCharactersQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["custom-models", "list", gender],
    queryFn: ({ signal }) => getOwnCharacters(gender, signal),
    staleTime: 0,
  });

export function useOwnCharacters(gender: Gender) {
  return useQuery(ownCharactersQueryOptions(gender));
}
