import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { KEEP_OFFLINE } from "@/lib/offline-keep";

/** GET /api/chats?search — the user's chats, newest message first. */
export function getChats(search: string, signal?: AbortSignal) {
  return api.get("/api/chats", (contract) => contract.chatListResponseSchema, {
    params: { search: search.trim() },
    signal,
  });
}

export const chatsQueryKey = ["chats", "mine"] as const;

export const chatsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...chatsQueryKey, { search: search.trim() }],
    queryFn: ({ signal }) => getChats(search, signal),
    placeholderData: keepPreviousData,
    // the list follows socket events only while it is on screen: load it afresh when it comes back
    staleTime: 0,
    // the whole list (not a search) is readable offline
    meta: search.trim() === "" ? KEEP_OFFLINE : undefined,
  });

export function useChats(search: string) {
  return useQuery(chatsQueryOptions(search));
}
