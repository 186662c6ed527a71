import { api } from "@/lib/api-client";

/** POST /api/chats/{id}/messages/{messageId}/voice — `ready` with a link, or `generating` then a status_change event. */
export function requestVoice(chatId: number, messageId: number) {
  return api.post(
    `/api/chats/${chatId}/messages/${messageId}/voice`,
    (contract) => contract.voiceMessageResponseSchema,
  );
}
