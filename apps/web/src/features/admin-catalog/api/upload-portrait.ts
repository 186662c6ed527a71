import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/characters/:id/portrait — the picture as the raw body; made into avatar and cover. */
export function uploadPortrait(id: number, file: Blob) {
  return api.post(`/api/admin/characters/${id}/portrait`, (contract) => contract.adminCharacterSchema, {
    body: file,
  });
}

export function useUploadPortrait(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadPortrait(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
