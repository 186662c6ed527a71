import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { setSessionUser, useSession } from "@/lib/auth";
import { openChatQueryOptions } from "../api/open-chat";
import { sendMessage } from "../api/send-message";

/**
 * Starts a conversation from outside the chat room (the onboarding's "say hello"): opens the chat
 * with the character (POST /api/chats, cached as the chat room's own open call) and sends the first
 * message with the chat's send call. The chat room then shows it from the history and the reply
 * arrives there. Rejects with the API's error (a 402 when it cannot be paid for).
 */
export function useStartChat() {
  const queryClient = useQueryClient();
  const { user } = useSession();

  return useCallback(
    async (modelId: number, text: string, props: Record<string, unknown> = {}) => {
      const chat = await queryClient.fetchQuery(openChatQueryOptions(modelId));
      const { message, balance } = await sendMessage(chat.id, text, true);
      track(ANALYTICS_EVENTS.messageSent, { chat_id: chat.id, ...props });
      if (user) setSessionUser(queryClient, { ...user, ...balance });
      // the chat room reads the history afresh, with this message in it
      await queryClient.invalidateQueries({ queryKey: ["chats", chat.id, "messages"] });
      return { chatId: chat.id, message };
    },
    [queryClient, user],
  );
}
