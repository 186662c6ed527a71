import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { messagesQueryOptions } from "../api/get-messages";
import type { ConversationState } from "../utils/conversation";
import { historyWithConversation } from "../utils/kept-history";

/** A quiet moment after the last change: a streamed reply changes the state many times. */
const KEEP_DELAY_MS = 1_000;

/**
 * Writes what the conversation shows back into its messages query once nothing is in flight (and
 * when the chat or the page is left), so the history kept for reading offline has the replies that
 * came by socket.
 */
export function useKeptHistory(state: ConversationState): void {
  const queryClient = useQueryClient();
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    const keep = () => {
      const current = latest.current;
      if (current.typing || current.generating || current.draft) return;
      queryClient.setQueryData(messagesQueryOptions(current.chatId).queryKey, (known) =>
        historyWithConversation(current.messages, known),
      );
    };
    window.addEventListener("pagehide", keep);
    return () => {
      window.removeEventListener("pagehide", keep);
      keep();
    };
  }, [queryClient]);

  useEffect(() => {
    if (state.typing || state.generating || state.draft) return;
    const timer = setTimeout(() => {
      queryClient.setQueryData(messagesQueryOptions(state.chatId).queryKey, (known) =>
        historyWithConversation(state.messages, known),
      );
    }, KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, queryClient]);
}
