import type { AdminCharacterOrderBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { charactersQueryOptions } from "./list-characters";

/** POST /api/admin/characters/order — every character of a category, in the new order. */
export function reorderCharacters(body: AdminCharacterOrderBody) {
  return api.post("/api/admin/characters/order", (contract) => contract.adminCharacterListSchema, { body });
}

export function useReorderCharacters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCharacters,
    onSuccess: (list, body) => queryClient.setQueryData(charactersQueryOptions(body.gender).queryKey, list),
  });
}
