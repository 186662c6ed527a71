import { api } from "@/lib/api-client";

/** PUT /api/chats/{id}/messages/delete_all — empties the chat. */
export function clearChat(chatId: number) {
  return api.put(`/api/chats/${chatId}/messages/delete_all`, (contract) => contract.deletedResponseSchema);
}
