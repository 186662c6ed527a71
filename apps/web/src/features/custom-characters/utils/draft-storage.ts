import { type BuilderDraft, EMPTY_DRAFT, isDraftStarted, parseDraft } from "./builder-draft";

/**
 * The constructor's draft lives in sessionStorage: a 402 sends the user to buy tokens (the provider's
 * page, then back) and the form must still be there; a new tab starts afresh.
 */
export const DRAFT_STORAGE_KEY = "reverie:custom-character-draft";

type DraftStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function sessionStore(): DraftStore | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // storage disabled (privacy modes): the draft lives as long as the screen
    return null;
  }
}

export function loadDraft(store: DraftStore | null = sessionStore()): BuilderDraft {
  try {
    return parseDraft(store?.getItem(DRAFT_STORAGE_KEY) ?? null) ?? EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps the draft; an untouched one is not worth keeping. */
export function saveDraft(draft: BuilderDraft, store: DraftStore | null = sessionStore()): void {
  try {
    if (isDraftStarted(draft)) store?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    else store?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // full or disabled: the draft is simply not kept
  }
}

/** Once the character exists, the next visit starts a new one. */
export function clearDraft(store: DraftStore | null = sessionStore()): void {
  try {
    store?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // disabled: nothing was kept
  }
}
