import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { characterQueryOptions } from "./get-character";

/** POST /api/admin/characters/:id/media — a gallery photo as the raw body. */
export function uploadMedia(id: number, file: Blob) {
  return api.post(`/api/admin/characters/${id}/media`, (contract) => contract.adminMediaItemSchema, {
    body: file,
  });
}

export function useUploadMedia(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadMedia(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: characterQueryOptions(id).queryKey }),
  });
}
