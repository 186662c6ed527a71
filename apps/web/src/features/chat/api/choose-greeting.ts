import { api } from "@/lib/api-client";

/** PUT /api/chats/{id}/greeting — the chat starts with greeting `index` instead (409 once the user replied). */
export function chooseGreeting(chatId: number, index: number) {
  return api.put(`/api/chats/${chatId}/greeting`, (contract) => contract.chooseGreetingResponseSchema, {
    body: { index },
  });
}
