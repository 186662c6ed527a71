import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { BrowserRouter, matchRoutes, type RouteObject, useLocation, useRoutes } from "react-router";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { setAnalyticsUser } from "@/lib/analytics";
import { USER_QUERY_KEY, useSession } from "@/lib/auth";
import { loadChunk } from "@/lib/chunk-load";
import { useConnectivity } from "@/lib/connectivity";
import { LazyScreen, LazyScreenView, type ScreenModule } from "@/lib/lazy-screen";
import { RouteHandleContext, routeHandleOf } from "@/lib/route-handle";
import { setReplayOptOut } from "@/lib/session-replay-loader";
import { storage, useStorageValue } from "@/lib/storage";
import { ErrorBoundary } from "./errors";
import { RedirectHome, RedirectNotFound, RedirectToLogin } from "./guards";
import { RootLayout } from "./root-layout";
import {
  ACCOUNT_SCREENS,
  AD_LANDING_SCREENS,
  AUTH_SCREENS,
  MEMBER_CHAT_SCREENS,
  PUBLIC_SCREENS,
  type ScreenRoute,
  VISITOR_CHAT_SCREENS,
} from "./route-table";

/** The code of each screen module, split into its own chunk (`src/app/routes/<screen>.tsx`). */
const screenModules = import.meta.glob<ScreenModule>("./routes/*.tsx");

/** One lazy component per screen module, shared by the paths that show it (`/`, `/explore`, `/:id`). */
const lazyScreens = new Map<string, LazyScreen>();
/** The screen of each route, to load its code before a router first renders it. */
const routeScreens = new WeakMap<RouteObject, LazyScreen>();

/** A lazily loaded screen of the route table (app/route-table.ts). */
function screen({ path, screen: name, handle }: ScreenRoute): RouteObject {
  let lazy = lazyScreens.get(name);
  if (!lazy) {
    const load = screenModules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`no screen module routes/${name}.tsx`);
    lazy = new LazyScreen(name, load);
    lazyScreens.set(name, lazy);
  }
  const element = <LazyScreenView screen={lazy} />;
  const route: RouteObject =
    path === undefined ? { index: true, element, handle } : { path, element, handle };
  routeScreens.set(route, lazy);
  return route;
}

const publicScreens = PUBLIC_SCREENS.map(screen);
const visitorChatScreens = VISITOR_CHAT_SCREENS.map(screen);
const memberChatScreens = MEMBER_CHAT_SCREENS.map(screen);
const authScreens = AUTH_SCREENS.map(screen);
const accountScreens = ACCOUNT_SCREENS.map(screen);

/** Paths of the account screens; while signed out they are explicit redirects to /login. */
export const ACCOUNT_PATHS = accountScreens.map((route) => route.path as string);

/** The ad landing `/:id` ranks below every static path, then `*` sends the rest to /not-found. */
const tail: RouteObject[] = [...AD_LANDING_SCREENS.map(screen), { path: "*", element: <RedirectNotFound /> }];

/** The shell; a failure in it replaces the whole page until the next navigation. */
function Root() {
  const location = useLocation();
  return (
    <ErrorBoundary fullScreen resetKey={location.key}>
      <RootLayout />
    </ErrorBoundary>
  );
}

export function buildRoutes(signedIn: boolean): RouteObject[] {
  const children = signedIn
    ? [
        ...publicScreens,
        ...memberChatScreens,
        ...authScreens.map((route) => ({ path: route.path, element: <RedirectHome /> })),
        ...accountScreens,
        ...tail,
      ]
    : [
        ...publicScreens,
        ...visitorChatScreens,
        ...authScreens,
        ...ACCOUNT_PATHS.map((path) => ({ path, element: <RedirectToLogin /> })),
        ...tail,
      ];

  return [{ element: <Root />, children }];
}

const routeSets = new Map<boolean, RouteObject[]>();

function routesFor(signedIn: boolean): RouteObject[] {
  let routes = routeSets.get(signedIn);
  if (!routes) {
    routes = buildRoutes(signedIn);
    routeSets.set(signedIn, routes);
  }
  return routes;
}

/** The screens a route set shows at the current address. */
function screensAtAddress(routes: RouteObject[]): LazyScreen[] {
  return (matchRoutes(routes, window.location) ?? []).flatMap((match) => {
    const lazy = routeScreens.get(match.route);
    return lazy ? [lazy] : [];
  });
}

/**
 * Whether the screen at the address has its code, so the first render shows it (not a fallback):
 * the loading screen covers the first load, and a switch between the signed-in and signed-out sets.
 */
function useFirstScreenLoaded(routes: RouteObject[] | null): boolean {
  const [loadedFor, setLoadedFor] = useState<RouteObject[] | null>(null);
  useEffect(() => {
    if (!routes) return;
    let active = true;
    // A failure shows in the screen's error boundary, which tries the load again.
    void Promise.allSettled(screensAtAddress(routes).map((lazy) => lazy.preload())).then(() => {
      if (active) setLoadedFor(routes);
    });
    return () => {
      active = false;
    };
  }, [routes]);
  if (!routes) return false;
  // Nothing to load (a redirect, or code already there): render now, in this pass, as a redirect
  // must run before a full-page navigation started meanwhile (an expired session) leaves the page.
  return loadedFor === routes || screensAtAddress(routes).every((lazy) => lazy.Component !== null);
}

/** Renders the matching route and provides its merged `handle` (useRouteHandle). */
function RouteTable({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes);
  const handle = useMemo(() => routeHandleOf(routes, location), [routes, location]);
  return <RouteHandleContext value={handle}>{element}</RouteHandleContext>;
}

/**
 * Saves the stored ad sub id with the signed-in user (the advertising token); its code loads only
 * when there is a sub id to save.
 */
function syncAdvertisingToken(userId: string | null, subid: string | null): void {
  // the module logs its own failures; only a chunk that failed to load reaches console.error
  if (userId && subid)
    import("@/features/auth/utils/ad-attribution").then(
      (module) => module.syncAdvertisingToken(userId),
      console.error,
    );
}

let realtimeModule: Promise<typeof import("@/lib/realtime")> | null = null;

/**
 * Connects the messages socket with this token (null disconnects). Its code loads with the first
 * session, not with the first screen of a visitor.
 */
function setSocketToken(token: string | null): void {
  if (!token && !realtimeModule) return;
  realtimeModule ??= import("@/lib/realtime");
  realtimeModule
    .then(({ realtime }) => realtime.setToken(token))
    .catch((error: unknown) => {
      realtimeModule = null;
      console.error("Couldn't load the messages socket.", error);
    });
}

/**
 * Signed in builds the full route set; signed out only the public, sign-in and redirect routes.
 * React Router's declarative mode: the screens load their code on demand themselves (lib/lazy-screen),
 * and scrolling, route handles and error boundaries are the app's (decision 0016).
 */
// Shown only to a session that can't reach the server and kept nothing: its code comes from the
// service worker's precache then (without one, a page opened with the server down has no code at all).
const OfflineScreen = lazy(() =>
  loadChunk("offline-screen", () => import("@/components/layout/offline-screen")).then((module) => ({
    default: module.OfflineScreen,
  })),
);

let offlineSnapshotModule: Promise<typeof import("@/lib/offline-snapshot")> | null = null;

/** The code that keeps and restores what is read offline: loaded with a session, not for visitors. */
function loadOfflineSnapshot() {
  if (!offlineSnapshotModule) {
    const loading = import("@/lib/offline-snapshot");
    offlineSnapshotModule = loading;
    loading.catch(() => {
      if (offlineSnapshotModule === loading) offlineSnapshotModule = null;
    });
  }
  return offlineSnapshotModule;
}

/**
 * While signed in, what the user may read offline is kept (lib/offline-snapshot.ts); when the server
 * can't be reached it is put back, which signs the session in from it. Returns whether the kept
 * answers were looked for (nothing to show meanwhile).
 */
function useOfflineSnapshot(token: string | null, unreachable: boolean): boolean {
  const queryClient = useQueryClient();
  const [restoreTried, setRestoreTried] = useState(false);
  useEffect(() => {
    if (!token) return;
    let active = true;
    let stop: (() => void) | undefined;
    loadOfflineSnapshot().then(
      ({ keepOfflineSnapshot }) => {
        if (active) stop = keepOfflineSnapshot(queryClient, () => storage.has("accessToken"));
      },
      (error: unknown) => console.error("Couldn't load the offline snapshot.", error),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [token, queryClient]);
  useEffect(() => {
    if (!unreachable) return;
    let active = true;
    // no code (the server is down and no service worker holds it): nothing kept to show
    loadOfflineSnapshot()
      .then(({ restoreOfflineSnapshot }) => restoreOfflineSnapshot(queryClient))
      .catch(() => false)
      .finally(() => {
        if (active) setRestoreTried(true);
      });
    return () => {
      active = false;
    };
  }, [unreachable, queryClient]);
  return restoreTried;
}

export function AppRouter() {
  const session = useSession();
  const queryClient = useQueryClient();
  const connectivity = useConnectivity();
  const userId = session.user?.id ?? null;
  const token = useStorageValue("accessToken");
  const snapshotRestoreTried = useOfflineSnapshot(token, session.status === "unreachable");
  useEffect(() => setAnalyticsUser(userId), [userId]);
  // an opt-out made on another device holds here too, and stops a recording at once
  const replayOptOut = session.user?.replay_opt_out === true;
  useEffect(() => {
    if (replayOptOut) setReplayOptOut(true);
  }, [replayOptOut]);
  const subid = useStorageValue("subid");
  useEffect(() => syncAdvertisingToken(userId, subid), [userId, subid]);
  // The messages socket lives as long as the session, whatever screen is open.
  useEffect(() => setSocketToken(userId ? token : null), [userId, token]);
  // A stored token most likely means signed in: the member screen's code loads while the user does.
  useEffect(() => {
    if (session.status !== "loading") return;
    for (const lazy of screensAtAddress(routesFor(true))) lazy.preload().catch(() => {});
  }, [session.status]);
  const signedIn = session.status === "signed-in";
  const waiting = session.status === "loading" || session.status === "unreachable";
  const routes = waiting ? null : routesFor(signedIn);
  const ready = useFirstScreenLoaded(routes);
  if (session.status === "unreachable" && snapshotRestoreTried) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <OfflineScreen
          connectivity={connectivity}
          onRetry={() => void queryClient.refetchQueries({ queryKey: USER_QUERY_KEY })}
        />
      </Suspense>
    );
  }
  if (!routes || !ready) return <LoadingScreen />;
  // Keyed: a new route set starts afresh, or the old one's state (the sign-in screen) renders for a
  // moment in the new set and its redirects fire.
  return (
    <BrowserRouter key={signedIn ? "signed-in" : "signed-out"}>
      <RouteTable routes={routes} />
    </BrowserRouter>
  );
}
