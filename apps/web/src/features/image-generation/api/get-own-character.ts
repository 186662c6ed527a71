import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/custom/models/{id} — one of the user's own characters (another user's, or a catalog
 * character, is a 404): an address's `model_id` may name one. Cached under the custom-characters
 * feature's key for it.
 */
export function getOwnCharacter(id: number, signal?: AbortSignal) {
  return api.get(`/api/custom/models/${id}`, (contract) => contract.customModelSchema, { signal });
}

export const ownCharacterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["custom-models", "detail", id],
    queryFn: ({ signal }) => getOwnCharacter(id, signal),
    staleTime: 0,
  });

export function useOwnCharacter(id: number | null, enabled: boolean) {
  return useQuery({ ...ownCharacterQueryOptions(id ?? 0), enabled: enabled && id !== null });
}
