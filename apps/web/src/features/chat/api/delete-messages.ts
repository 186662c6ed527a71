import { api } from "@/lib/api-client";

/** PUT /api/chats/{id}/messages/delete — removes the given messages. */
export function deleteMessages(chatId: number, ids: readonly number[]) {
  return api.put(`/api/chats/${chatId}/messages/delete`, (contract) => contract.deletedResponseSchema, {
    body: { msgs_ids: ids },
  });
}
