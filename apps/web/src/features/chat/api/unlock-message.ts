import { api } from "@/lib/api-client";

/** POST /api/chats/{id}/messages/{messageId}/unlock — pays tokens for a private picture or video. */
export function unlockMessage(chatId: number, messageId: number) {
  return api.post(
    `/api/chats/${chatId}/messages/${messageId}/unlock`,
    (contract) => contract.unlockMessageResponseSchema,
  );
}
