import { BREAKPOINTS } from "@reverie/shared";
import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches, kept in sync with the viewport. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Viewport class of the spec: mobile < 768, tablet 768–1023, desktop >= 1024. */
export function useViewport(): "mobile" | "tablet" | "desktop" {
  const tablet = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  return desktop ? "desktop" : tablet ? "tablet" : "mobile";
}

/** Masonry columns per breakpoint: 2 on mobile, 3 on tablet, 4–6 on desktop. */
export function useMasonryColumns(): number {
  const md = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  const lg = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  const xl = useMediaQuery(`(min-width: ${BREAKPOINTS.xl}px)`);
  const xxl = useMediaQuery(`(min-width: ${BREAKPOINTS.xxl}px)`);
  if (xxl) return 6;
  if (xl) return 5;
  if (lg) return 4;
  if (md) return 3;
  return 2;
}
