import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/characters/:id/visibility — hide from the public catalog, or show again. */
export function setCharacterVisibility(id: number, hidden: boolean) {
  return api.post(`/api/admin/characters/${id}/visibility`, (contract) => contract.adminCharacterSchema, {
    body: { hidden },
  });
}

export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; hidden: boolean }) => setCharacterVisibility(change.id, change.hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
