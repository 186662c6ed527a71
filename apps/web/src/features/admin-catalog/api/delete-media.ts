import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";

/** DELETE /api/admin/characters/:id/media/:mediaId — a gallery item, for good (409 when in a bought bundle). */
export function deleteMedia(characterId: number, mediaId: number) {
  return api.delete(`/api/admin/characters/${characterId}/media/${mediaId}`, noContent);
}

export function useDeleteMedia(characterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: number) => deleteMedia(characterId, mediaId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
