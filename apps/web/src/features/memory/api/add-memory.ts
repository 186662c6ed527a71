import type { MemoryCreate, MemoryList } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { memoryQueryKey } from "./get-memory";

/** POST /api/chats/{id}/memory — something the user wants the character to remember. */
export function addMemory(chatId: number, item: MemoryCreate) {
  return api.post(`/api/chats/${chatId}/memory`, (contract) => contract.memoryItemSchema, { body: item });
}

export function useAddMemory(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: MemoryCreate) => addMemory(chatId, item),
    onSuccess: (added) => {
      queryClient.setQueryData<MemoryList>(memoryQueryKey(chatId), (list) =>
        list ? { ...list, items: [...list.items.filter((item) => item.id !== added.id), added] } : list,
      );
      // the server may fold it into an item it already had (one name, one job, one place)
      void queryClient.invalidateQueries({ queryKey: memoryQueryKey(chatId) });
    },
  });
}
