import type { AdminCharacterCreateBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/characters — a new catalog character (18 or older; moderated). */
export function createCharacter(body: AdminCharacterCreateBody) {
  return api.post("/api/admin/characters", (contract) => contract.adminCharacterSchema, { body });
}

export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCharacter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
