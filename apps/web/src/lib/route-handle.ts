import { createContext, useContext } from "react";
import { matchRoutes, type RouteObject } from "react-router";

/** Static facts a route declares in its `handle` (read by the shell and the overlays). */
export interface RouteHandle {
  /** Which top-level nav item is active. */
  section?: "explore" | "chat" | "gallery" | "create" | "account";
  /** Terms and privacy pages stay readable before the age gate is confirmed. */
  skipAgeGate?: boolean;
  /** Gallery, home, chat, subscribe and generate-image screens offer the interest selection. */
  interestSelection?: boolean;
  /** A utility screen shown alone: no nav, footer, age gate or other overlays (the OAuth callback). */
  bare?: boolean;
  /** A full-height screen (the open chat): no footer, and no bottom tab bar on phones. */
  immersive?: boolean;
}

/** The merged handles of the routes matching a location (deeper routes win). */
export function routeHandleOf(routes: RouteObject[], location: { pathname: string }): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle: unknown = match.route.handle;
    if (handle && typeof handle === "object") Object.assign(merged, handle as RouteHandle);
  }
  return merged;
}

/** The current route's handle, provided by the router (app/router.tsx). */
export const RouteHandleContext = createContext<RouteHandle>({});

export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}
