import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/anonym/chats?gender — one chat per character (opening with its first message) for visitors. */
export function getAnonymousChats(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/anonym/chats", (contract) => contract.anonymousChatListSchema, {
    params: { gender },
    signal,
  });
}

export const anonymousChatsQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["chats", "anonymous", { gender }],
    queryFn: ({ signal }) => getAnonymousChats(gender, signal),
  });

export function useAnonymousChats(gender: Gender) {
  return useQuery(anonymousChatsQueryOptions(gender));
}
