import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/chats/{id}/greetings — the character's first message and alternate greetings, and whether the chat may switch. */
export function getGreetings(chatId: number, signal?: AbortSignal) {
  return api.get(`/api/chats/${chatId}/greetings`, (contract) => contract.chatGreetingsSchema, { signal });
}

export const greetingsQueryKey = (chatId: number) => ["chats", chatId, "greetings"] as const;

export const greetingsQueryOptions = (chatId: number) =>
  queryOptions({
    queryKey: greetingsQueryKey(chatId),
    queryFn: ({ signal }) => getGreetings(chatId, signal),
    // a card's greetings do not change; the choice closes with the user's first message
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asked only while the character's first message is the chat's only message. */
export function useGreetings(chatId: number, enabled: boolean) {
  return useQuery({ ...greetingsQueryOptions(chatId), enabled });
}
