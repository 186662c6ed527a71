import { useLayoutEffect, useRef } from "react";
import { type NavigateOptions, useLocation } from "react-router";

const STORAGE_KEY = "reverie-scroll-positions";

/** Window scroll positions by history entry (location.key), kept for the tab's session. */
let positions: Record<string, number> | null = null;

function loadPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/** Navigation options that keep the scroll position (a filter or tab written to the query). */
export const keepScroll: NavigateOptions = { state: { keepScroll: true } };

function keepsScroll(state: unknown): boolean {
  return typeof state === "object" && state !== null && "keepScroll" in state && state.keepScroll === true;
}

/**
 * Scroll on navigation, as browsers do for documents: back and forward (and a reload) return to
 * where that entry was left; a link to `#id` scrolls to the element; anything else starts at the
 * top, unless it was made with `keepScroll`.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const current = useRef(location.key);

  useLayoutEffect(() => {
    const saved = loadPositions();
    window.history.scrollRestoration = "manual";
    // Recorded as the page scrolls: by the time a navigation renders, the old screen is gone.
    const onScroll = () => {
      saved[current.current] = window.scrollY;
    };
    const onPageHide = () => {
      saved[current.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // storage full or disabled: positions are lost on reload, nothing else
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = loadPositions()[location.key];
    if (typeof saved === "number") {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // not a decodable element id: no scrolling to it
      }
    }
    if (keepsScroll(location.state)) return;
    window.scrollTo(0, 0);
  }, [location]);

  return null;
}
