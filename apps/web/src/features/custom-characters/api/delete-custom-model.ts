import type { CustomModel } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { CUSTOM_MODELS_QUERY_KEY } from "./get-custom-models";

/** DELETE /api/custom/models/{id} — the character, with its chats and pictures. */
export function deleteCustomModel(id: number) {
  return api.delete(`/api/custom/models/${id}`, noContent);
}

/**
 * Named by key, as features don't import each other: the chat lists (features/chat/api) and the
 * gallery may hold the deleted character's chats and pictures.
 */
const QUERIES_WITH_ITS_CHATS_AND_PICTURES = [["chats"], ["gallery"]] as const;

/**
 * Deletes the character; the lists drop it at once. Its own page is left to the caller, which
 * leaves it: refetching it there would only find a 404.
 */
export function useDeleteCustomModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCustomModel(id),
    onSuccess: () => {
      queryClient.setQueriesData<{ items: CustomModel[] }>(
        { queryKey: [...CUSTOM_MODELS_QUERY_KEY, "list"] },
        (list) => (list ? { items: list.items.filter((model) => model.id !== id) } : list),
      );
      for (const queryKey of QUERIES_WITH_ITS_CHATS_AND_PICTURES) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
