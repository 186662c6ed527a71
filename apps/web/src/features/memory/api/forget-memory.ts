import type { MemoryList } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { memoryQueryKey } from "./get-memory";

/** DELETE /api/chats/{id}/memory — the character forgets everything it remembered in this chat. */
export function forgetMemory(chatId: number) {
  return api.delete(`/api/chats/${chatId}/memory`, noContent);
}

export function useForgetMemory(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => forgetMemory(chatId),
    onSuccess: () => {
      queryClient.setQueryData<MemoryList>(memoryQueryKey(chatId), (list) =>
        list ? { ...list, items: [] } : list,
      );
    },
  });
}
