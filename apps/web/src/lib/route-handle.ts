import { useMatches } from "react-router";

/** Static facts a route declares in its `handle` (read by the shell and the overlays). */
export interface RouteHandle {
  /** Which top-level nav item is active. */
  section?: "explore" | "chat" | "gallery" | "account";
  /** Terms and privacy pages stay readable before the age gate is confirmed. */
  skipAgeGate?: boolean;
  /** Gallery, home, chat, subscribe and generate-image screens offer the interest selection. */
  interestSelection?: boolean;
  /** A utility screen shown alone: no nav, footer, age gate or other overlays (the OAuth callback). */
  bare?: boolean;
  /** A full-height screen (the open chat): no footer, and no bottom tab bar on phones. */
  immersive?: boolean;
}

/** The merged handles of the matched routes (deeper routes win). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (match.handle && typeof match.handle === "object") Object.assign(merged, match.handle as RouteHandle);
  }
  return merged;
}
