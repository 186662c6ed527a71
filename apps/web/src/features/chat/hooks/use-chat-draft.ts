import { type SetStateAction, useCallback, useState } from "react";
import { type ChatDraft, readDraft, sessionDraftStorage, writeDraft } from "../utils/chat-draft";

/**
 * The composer's text of one chat, kept in the tab's session: it survives the checkout and a
 * reload. `hold` marks a text the server refused for want of messages or tokens, so that after a
 * purchase the chat can offer to send it; `release` drops that offer and keeps the text.
 */
export function useChatDraft(chatId: number) {
  const [draft, setDraft] = useState<ChatDraft>(() => readDraft(sessionDraftStorage(), chatId));

  const change = useCallback(
    (update: (current: ChatDraft) => ChatDraft) =>
      setDraft((current) => {
        const next = update(current);
        writeDraft(sessionDraftStorage(), chatId, next);
        return next;
      }),
    [chatId],
  );

  const setText = useCallback(
    (value: SetStateAction<string>) =>
      change((current) => {
        const text = typeof value === "function" ? value(current.text) : value;
        // an emptied composer has nothing left to offer
        return { text, heldForPurchase: current.heldForPurchase && text.trim() !== "" };
      }),
    [change],
  );
  const hold = useCallback(() => change((current) => ({ ...current, heldForPurchase: true })), [change]);
  const release = useCallback(() => change((current) => ({ ...current, heldForPurchase: false })), [change]);

  return { text: draft.text, heldForPurchase: draft.heldForPurchase, setText, hold, release };
}
