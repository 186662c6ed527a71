/**
 * A chat's unsent text, kept for the tab's session (sessionStorage, never sent anywhere), so that
 * a trip to the checkout and back, or a reload, does not lose what the user typed.
 */
export interface ChatDraft {
  text: string;
  /** the text was refused for want of messages or tokens (402): once they can pay, offer to send it */
  heldForPurchase: boolean;
}

export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const EMPTY_DRAFT: ChatDraft = { text: "", heldForPurchase: false };

const draftKey = (chatId: number) => `reverie:chat-draft:${chatId}`;

/** The tab's sessionStorage, or null where storage is disabled (then nothing is kept). */
export function sessionDraftStorage(): DraftStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(storage: DraftStorage | null, chatId: number): ChatDraft {
  try {
    const stored = storage?.getItem(draftKey(chatId));
    if (!stored) return EMPTY_DRAFT;
    const value: unknown = JSON.parse(stored);
    if (typeof value !== "object" || value === null) return EMPTY_DRAFT;
    const { text, heldForPurchase } = value as Record<string, unknown>;
    return typeof text === "string"
      ? { text, heldForPurchase: heldForPurchase === true && text.trim() !== "" }
      : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps the draft; an empty one is removed. */
export function writeDraft(storage: DraftStorage | null, chatId: number, draft: ChatDraft): void {
  try {
    if (draft.text === "") storage?.removeItem(draftKey(chatId));
    else storage?.setItem(draftKey(chatId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the draft lives as long as the screen
  }
}
