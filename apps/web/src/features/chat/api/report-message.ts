import type { MessageReportBody } from "@reverie/shared";
import { api } from "@/lib/api-client";

/** POST /api/chats/{id}/messages/{messageId}/report — tells the moderators; once per message. */
export function reportMessage(chatId: number, messageId: number, body: MessageReportBody) {
  return api.post(
    `/api/chats/${chatId}/messages/${messageId}/report`,
    (contract) => contract.messageReportCreatedSchema,
    { body },
  );
}
