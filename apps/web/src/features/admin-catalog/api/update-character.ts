import type { AdminCharacterUpdateBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** PATCH /api/admin/characters/:id — the fields that change. */
export function updateCharacter(id: number, body: AdminCharacterUpdateBody) {
  return api.patch(`/api/admin/characters/${id}`, (contract) => contract.adminCharacterSchema, { body });
}

export function useUpdateCharacter(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCharacterUpdateBody) => updateCharacter(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
