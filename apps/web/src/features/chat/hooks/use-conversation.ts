import type { Balance, Message } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { isApiError } from "@/lib/api-client";
import { setSessionUser, useSession } from "@/lib/auth";
import { useRealtimeConnection, useRealtimeEvents, useRealtimeReconnect } from "@/lib/realtime";
import { clearChat } from "../api/clear-chat";
import { deleteMessages } from "../api/delete-messages";
import { getMessages, messagesQueryOptions, useMessages } from "../api/get-messages";
import { requestVoice } from "../api/request-voice";
import { sendMessage } from "../api/send-message";
import { unlockMessage } from "../api/unlock-message";
import { ConversationCatchUp } from "../utils/catch-up";
import {
  type ChatMessage,
  canSend,
  conversationReducer,
  initialConversation,
  nextTempId,
} from "../utils/conversation";
import { sendFailure } from "../utils/send-failure";
import { voicePlayer } from "../utils/voice-player";
import { useChatListUpdates } from "./use-chat-list-updates";
import { useKeptHistory } from "./use-kept-history";

/** What the screen around the conversation handles: the buy-tokens prompt and the paywall. */
export interface ConversationPrompts {
  onPaymentRequired: (type: string) => void;
  onPremiumRequired: (source: string) => void;
}

/** What became of a message the user sent. */
export type SendOutcome = "sent" | "payment_required" | "failed";

/** The buy-tokens prompt's reason for a voice message the balance does not cover (decision 35). */
const VOICE_PAYMENT_REASON = "voice_message";

/**
 * One open chat: its history (10 at a time, newest first), live socket events, and the user's
 * actions — send, unlock, voice, delete, clear — with the spec's optimistic rules. While the socket
 * is down the newest page is polled instead, so replies still arrive.
 */
export function useConversation(chat: { id: number; modelId: number }, prompts: ConversationPrompts) {
  const queryClient = useQueryClient();
  const session = useSession();
  const user = session.user;
  const [state, dispatch] = useReducer(conversationReducer, undefined, () =>
    initialConversation(chat.id, chat.modelId),
  );
  const [error, setError] = useState<string | null>(null);
  const history = useMessages(chat.id);
  const chatList = useChatListUpdates();
  useKeptHistory(state);

  useEffect(() => {
    if (history.data)
      dispatch({ type: "history", messages: history.data.pages.flatMap((page) => page.items) });
  }, [history.data]);

  useRealtimeEvents((event) => {
    dispatch({ type: "event", event });
    if (
      event.action === "status_change" &&
      event.message.chat_id === chat.id &&
      event.message.status_information.status === "failed"
    ) {
      setError("The voice message could not be made just now. Please try again.");
    }
  });

  const catchUp = useMemo(
    () =>
      new ConversationCatchUp({
        fetchNewest: () => getMessages(chat.id, 1).then((page) => page.items),
        apply(messages) {
          dispatch({ type: "history", messages });
          const newest = messages.at(-1);
          if (newest?.from === "model") dispatch({ type: "settled" });
          if (newest) chatList.messageArrived(newest);
        },
        isVisible: () => document.visibilityState === "visible",
        onError: (cause) => console.error("Could not fetch the newest messages.", cause),
      }),
    [chat.id, chatList],
  );

  const connection = useRealtimeConnection();
  const socketDown = connection === "reconnecting" || connection === "paused";
  useEffect(() => {
    catchUp.setConnected(!socketDown);
    return () => catchUp.stop();
  }, [catchUp, socketDown]);

  // Events sent while the socket was away are lost: fetch the newest page again.
  useRealtimeReconnect(() => void catchUp.refresh());

  const updateBalance = useCallback(
    (balance: Balance) => {
      if (user) setSessionUser(queryClient, { ...user, ...balance });
    },
    [queryClient, user],
  );

  /**
   * Sends a message; when it was not accepted nothing is kept on screen (the composer puts the text
   * back): a 402 opens the buy-tokens prompt (`payment_required`), anything else shows its reason.
   */
  async function send(text: string, realistic: boolean): Promise<SendOutcome> {
    setError(null);
    const tempId = nextTempId();
    const optimistic: ChatMessage = {
      id: tempId,
      chat_id: chat.id,
      model_id: chat.modelId,
      from: "user",
      type: "text",
      text,
      image_url: null,
      images_urls: [],
      video_duration: null,
      locked: false,
      price_tokens: null,
      send_at: new Date().toISOString(),
      pending: true,
    };
    dispatch({ type: "send", message: optimistic });
    const sendOver = catchUp.sendStarted();
    try {
      const { message, balance } = await sendMessage(chat.id, text, realistic);
      dispatch({ type: "sent", tempId, message });
      track(ANALYTICS_EVENTS.messageSent, { chat_id: chat.id });
      updateBalance(balance);
      chatList.messageArrived(message);
      return "sent";
    } catch (cause) {
      dispatch({ type: "send_failed", tempId });
      const failure = sendFailure(cause);
      if (failure.kind === "payment_required") {
        prompts.onPaymentRequired(failure.type);
        return "payment_required";
      }
      setError(failure.message);
      return "failed";
    } finally {
      sendOver();
    }
  }

  async function unlock(message: Message): Promise<void> {
    setError(null);
    try {
      const result = await unlockMessage(chat.id, message.id);
      dispatch({ type: "replace", message: result.message });
      updateBalance(result.balance);
    } catch (cause) {
      if (isApiError(cause) && cause.status === 402) prompts.onPaymentRequired(message.type);
      else setError(isApiError(cause) ? cause.message : "It could not be unlocked. Please try again.");
    }
  }

  function stopVoice(messageId: number) {
    if (voicePlayer.playingId === messageId) voicePlayer.stop();
  }

  function playVoice(messageId: number, link: string) {
    dispatch({ type: "voice", messageId, status: "playing", link });
    voicePlayer.play(messageId, link, () => dispatch({ type: "voice", messageId, status: "default" }));
  }

  async function toggleVoice(message: Message): Promise<void> {
    const current = state.voice[message.id];
    if (current?.status === "playing") return stopVoice(message.id);
    if (current?.status === "pending") return;
    if (current?.link) return playVoice(message.id, current.link);
    // the server decides: a recording made before plays free; a new one needs premium or the
    // tokens (402 opens the buy-tokens prompt)
    setError(null);
    dispatch({ type: "voice", messageId: message.id, status: "pending" });
    try {
      const result = await requestVoice(chat.id, message.id);
      if (result.balance) updateBalance(result.balance);
      if (result.status === "ready" && result.link) playVoice(message.id, result.link);
    } catch (cause) {
      dispatch({ type: "voice", messageId: message.id, status: "default" });
      if (isApiError(cause) && cause.status === 402) {
        prompts.onPaymentRequired(String(cause.details.type ?? VOICE_PAYMENT_REASON));
      } else if (isApiError(cause) && cause.error === "premium_required") {
        prompts.onPremiumRequired(String(cause.details.source ?? ""));
      } else {
        setError(isApiError(cause) ? cause.message : "The voice message could not be made.");
      }
    }
  }

  // A voice that became ready over the socket starts playing (it was asked for with a click).
  useEffect(() => {
    for (const [id, voice] of Object.entries(state.voice)) {
      const messageId = Number(id);
      if (voice.status === "playing" && voice.link && voicePlayer.playingId !== messageId) {
        const link = voice.link;
        voicePlayer.play(messageId, link, () => dispatch({ type: "voice", messageId, status: "default" }));
      }
    }
  }, [state.voice]);

  // Leaving the chat stops its voice.
  useEffect(() => () => voicePlayer.stop(), []);

  async function remove(ids: readonly number[]): Promise<boolean> {
    setError(null);
    const stored = ids.filter((id) => id > 0);
    try {
      if (stored.length > 0) await deleteMessages(chat.id, stored);
      dispatch({ type: "deleted", ids });
      await queryClient.resetQueries({ queryKey: messagesQueryOptions(chat.id).queryKey });
      return true;
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : "The messages could not be deleted.");
      return false;
    }
  }

  async function clear(): Promise<boolean> {
    setError(null);
    try {
      await clearChat(chat.id);
      dispatch({ type: "cleared" });
      await queryClient.resetQueries({ queryKey: messagesQueryOptions(chat.id).queryKey });
      chatList.refresh();
      return true;
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : "The chat could not be cleared.");
      return false;
    }
  }

  /** A stored message changed (the first message swapped for another greeting): shown, and the chat list told. */
  function replaceMessage(message: Message) {
    dispatch({ type: "replace", message });
    chatList.refresh();
  }

  return {
    state,
    canSend: canSend(state),
    error,
    dismissError: () => setError(null),
    history,
    send,
    unlock,
    toggleVoice,
    remove,
    clear,
    replaceMessage,
  };
}
