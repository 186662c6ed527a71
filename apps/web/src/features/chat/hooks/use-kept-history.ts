import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { messagesQueryOptions } from "../api/get-messages";
import type { ConversationState } from "../utils/conversation";
import { historyWithConversation } from "../utils/kept-history";

/** A quiet moment after the last change: a streamed reply changes the state many times. */
const KEEP_DELAY_MS = 1_000;

/** Puts what the conversation shows in its messages query, unless a reply is still on its way. */
function keepHistory(queryClient: QueryClient, state: ConversationState): void {
  if (state.typing || state.generating || state.draft) return;
  queryClient.setQueryData(messagesQueryOptions(state.chatId).queryKey, (known) =>
    historyWithConversation(state.messages, known),
  );
}

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
    const keep = () => keepHistory(queryClient, latest.current);
    window.addEventListener("pagehide", keep);
    return () => {
      window.removeEventListener("pagehide", keep);
      keep();
    };
  }, [queryClient]);

  useEffect(() => {
    const timer = setTimeout(() => keepHistory(queryClient, state), KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, queryClient]);
}
