import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/characters/:id — the character with its gallery media and bundles. */
export function getCharacter(id: number, signal?: AbortSignal) {
  return api.get(`/api/admin/characters/${id}`, (contract) => contract.adminCharacterDetailSchema, {
    signal,
  });
}

export const characterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["admin", "catalog", "character", id],
    queryFn: ({ signal }) => getCharacter(id, signal),
  });

export function useAdminCharacter(id: number) {
  return useQuery(characterQueryOptions(id));
}
