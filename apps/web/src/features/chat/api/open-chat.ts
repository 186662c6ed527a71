import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { KEEP_OFFLINE } from "@/lib/offline-keep";

/**
 * POST /api/chats — the user's chat with a character (created with its first message if new), with
 * the character in full: a catalog one or the user's own.
 */
export function openChat(modelId: number) {
  return api.post("/api/chats", (contract) => contract.openedChatSchema, { body: { model_id: modelId } });
}

/** Opening is idempotent on the server, so it is cached like a read. */
export const openChatQueryOptions = (modelId: number) =>
  queryOptions({
    queryKey: ["chats", "open", modelId],
    queryFn: () => openChat(modelId),
    staleTime: Number.POSITIVE_INFINITY,
    meta: KEEP_OFFLINE,
  });

export function useOpenChat(modelId: number, enabled: boolean) {
  return useQuery({ ...openChatQueryOptions(modelId), enabled });
}
