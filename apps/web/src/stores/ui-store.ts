import { create } from "zustand";

/** UI flags that live for the browser session only (not persisted). */
interface UiState {
  /** The interest selection was closed without choosing: don't show it again this session. */
  interestDismissed: boolean;
  dismissInterest: () => void;
}

export const useUiStore = create<UiState>()((set) => ({
  interestDismissed: false,
  dismissInterest: () => set({ interestDismissed: true }),
}));
