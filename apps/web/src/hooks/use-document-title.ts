import { useEffect } from "react";

const DEFAULT_TITLE = "Reverie — AI companions";

/** Sets the tab title to "<title> · Reverie" (or the default title) while the screen is shown. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Reverie` : DEFAULT_TITLE;
  }, [title]);
}
