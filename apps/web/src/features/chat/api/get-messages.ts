import { LIMITS } from "@reverie/shared";

import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { KEEP_OFFLINE } from "@/lib/offline-keep";

/** GET /api/chats/{id}/messages?limit=10&page&reverse=true — page 1 is the newest ten. */
export function getMessages(chatId: number, page: number, signal?: AbortSignal) {
  return api.get(`/api/chats/${chatId}/messages`, (contract) => contract.messagesResponseSchema, {
    params: { limit: LIMITS.messagePageSize, page, reverse: true },
    signal,
  });
}

export const messagesQueryOptions = (chatId: number) =>
  infiniteQueryOptions({
    queryKey: ["chats", chatId, "messages"],
    queryFn: ({ pageParam, signal }) => getMessages(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * LIMITS.messagePageSize < last.total_count ? pages.length + 1 : undefined,
    // the conversation keeps its own live state; a refetch on focus would only reshuffle it
    staleTime: Number.POSITIVE_INFINITY,
    meta: KEEP_OFFLINE,
  });

export function useMessages(chatId: number) {
  return useInfiniteQuery(messagesQueryOptions(chatId));
}
