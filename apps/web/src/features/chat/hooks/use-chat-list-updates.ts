import type { ChatListResponse, Message } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { chatsQueryKey } from "../api/get-chats";

const LISTED_TYPES = new Set<Message["type"]>(["text", "image", "private_image", "private_video"]);

/**
 * Keeps the cached chat lists in step with new messages: the chat moves to the top with its new
 * last message (spec §4); a chat the list does not have yet makes it load again.
 */
export function useChatListUpdates() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
    return {
      refresh,
      messageArrived(incoming: Message & { message_id?: number }) {
        if (incoming.id <= 0 || !LISTED_TYPES.has(incoming.type)) return;
        const { message_id: _, ...message } = incoming;
        let missing = false;
        queryClient.setQueriesData<ChatListResponse>({ queryKey: chatsQueryKey }, (list) => {
          if (!list) return list;
          const chat = list.items.find((item) => item.id === message.chat_id);
          if (!chat) {
            missing = true;
            return list;
          }
          if (chat.last_message && chat.last_message.id > message.id) return list;
          const others = list.items.filter((item) => item.id !== message.chat_id);
          return { ...list, items: [{ ...chat, last_message: message }, ...others] };
        });
        if (missing) refresh();
      },
    };
  }, [queryClient]);
}
