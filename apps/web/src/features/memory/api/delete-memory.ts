import type { MemoryList } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { memoryQueryKey } from "./get-memory";

/** DELETE /api/chats/{id}/memory/{itemId} — the character forgets this one thing. */
export function deleteMemory(chatId: number, itemId: number) {
  return api.delete(`/api/chats/${chatId}/memory/${itemId}`, noContent);
}

export function useDeleteMemory(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => deleteMemory(chatId, itemId),
    onSuccess: (_data, itemId) => {
      queryClient.setQueryData<MemoryList>(memoryQueryKey(chatId), (list) =>
        list ? { ...list, items: list.items.filter((item) => item.id !== itemId) } : list,
      );
    },
  });
}
