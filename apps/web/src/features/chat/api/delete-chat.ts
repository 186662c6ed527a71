import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { chatsQueryKey } from "./get-chats";
import { messagesQueryOptions } from "./get-messages";
import { openChatQueryOptions } from "./open-chat";

/** DELETE /api/chats/{id} — the chat and its messages. */
export function deleteChat(chatId: number) {
  return api.delete(`/api/chats/${chatId}`, noContent);
}

/** Deletes the chat and forgets it locally; opening the character again starts a new chat. */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId }: { chatId: number; modelId: number }) => deleteChat(chatId),
    onSuccess: (_data, { chatId, modelId }) => {
      queryClient.removeQueries({ queryKey: openChatQueryOptions(modelId).queryKey });
      queryClient.removeQueries({ queryKey: messagesQueryOptions(chatId).queryKey });
      return queryClient.invalidateQueries({ queryKey: chatsQueryKey });
    },
  });
}
