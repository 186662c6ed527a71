import { api } from "@/lib/api-client";

/** POST /api/chats/{id}/messages — 402 `insufficient_balance` when it can't be paid for. */
export function sendMessage(chatId: number, text: string, realistic: boolean) {
  return api.post(`/api/chats/${chatId}/messages`, (contract) => contract.sendMessageResponseSchema, {
    body: { message: { text }, realistic },
  });
}
