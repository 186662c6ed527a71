import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/chats/{id}/memory — what the chat's character remembers, and its name. */
export function getMemory(chatId: number, signal?: AbortSignal) {
  return api.get(`/api/chats/${chatId}/memory`, (contract) => contract.memoryListSchema, { signal });
}

export const memoryQueryKey = (chatId: number) => ["memory", chatId] as const;

export const memoryQueryOptions = (chatId: number) =>
  queryOptions({
    queryKey: memoryQueryKey(chatId),
    queryFn: ({ signal }) => getMemory(chatId, signal),
    // a background job changes it after each exchange: read it afresh whenever the panel opens
    staleTime: 0,
  });

export function useMemory(chatId: number) {
  return useQuery(memoryQueryOptions(chatId));
}
