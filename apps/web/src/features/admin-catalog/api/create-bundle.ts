import type { AdminBundleCreateBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/characters/:id/bundles — a new, empty bundle of the character's at its price. */
export function createBundle(characterId: number, body: AdminBundleCreateBody) {
  return api.post(`/api/admin/characters/${characterId}/bundles`, (contract) => contract.adminBundleSchema, {
    body,
  });
}

export function useCreateBundle(characterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBundleCreateBody) => createBundle(characterId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
