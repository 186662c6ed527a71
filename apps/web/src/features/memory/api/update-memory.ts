import type { MemoryList, MemoryUpdate } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { memoryQueryKey } from "./get-memory";

/** PATCH /api/chats/{id}/memory/{itemId} — the fields the user changed. */
export function updateMemory(chatId: number, itemId: number, update: MemoryUpdate) {
  return api.patch(`/api/chats/${chatId}/memory/${itemId}`, (contract) => contract.memoryItemSchema, {
    body: update,
  });
}

export function useUpdateMemory(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: MemoryUpdate }) => updateMemory(chatId, id, update),
    onSuccess: (updated) => {
      queryClient.setQueryData<MemoryList>(memoryQueryKey(chatId), (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === updated.id ? updated : item)) } : list,
      );
    },
  });
}
