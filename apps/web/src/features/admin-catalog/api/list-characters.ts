import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/characters?gender — the catalog, hidden characters included, in order. */
export function listCharacters(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/admin/characters", (contract) => contract.adminCharacterListSchema, {
    params: { gender },
    signal,
  });
}

export const charactersQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["admin", "catalog", "characters", gender],
    queryFn: ({ signal }) => listCharacters(gender, signal),
  });

export function useAdminCharacters(gender: Gender) {
  return useQuery(charactersQueryOptions(gender));
}
