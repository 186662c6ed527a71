import type { User } from "@reverie/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths";
import { setAnalyticsUser } from "./analytics";
import { ApiError, api, isApiError } from "./api-client";
import { backoffDelay, RETRY_BACKOFF } from "./backoff";
import { isUnreachableStatus, useConnectivity } from "./connectivity";
import { forgetOfflineSnapshot, KEEP_OFFLINE } from "./offline-keep";
import { storage, useStorageValue } from "./storage";

export type SessionUser = User;

/**
 * GET /api/user. A 404 (no such user) means signed out. Pass `token` to load the user of a token that
 * is not stored yet (right after sign-in); a 401 then is an error to show, not an expired session.
 */
export async function getUser(options: { signal?: AbortSignal; token?: string } = {}): Promise<User | null> {
  try {
    return await api.get("/api/user", (contract) => contract.userSchema, {
      signal: options.signal,
      ...(options.token
        ? { headers: { Authorization: `Bearer ${options.token}` }, redirectOnUnauthorized: false }
        : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const USER_QUERY_KEY = ["user"] as const;

function isUnreachable(error: unknown): boolean {
  return isApiError(error) && isUnreachableStatus(error.status);
}

/** Failed asks for the user in a row while the server could not be reached (the backoff's step). */
let unreachableStreak = 0;

async function getSessionUser(signal: AbortSignal): Promise<User | null> {
  try {
    const user = await getUser({ signal });
    unreachableStreak = 0;
    return user;
  } catch (error) {
    if (isUnreachable(error)) unreachableStreak += 1;
    throw error;
  }
}

export const userQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...USER_QUERY_KEY, token ? "token" : "anonymous"],
    queryFn: ({ signal }) => getSessionUser(signal),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    // Not retried in place: a retry keeps the query pending, which is "Loading..." for as long as
    // the server is away. The session is asked for again on a backoff instead (and at once when the
    // browser is back online), while the app shows what it kept (lib/offline-snapshot.ts).
    retry: false,
    refetchInterval: (query) =>
      query.state.status === "error" && isUnreachable(query.state.error)
        ? backoffDelay(unreachableStreak - 1, RETRY_BACKOFF.session)
        : false,
    meta: KEEP_OFFLINE,
  });

export type Session =
  | { status: "loading"; user: null }
  | { status: "signed-in"; user: User }
  | { status: "signed-out"; user: null }
  /** a token is stored, but the server can't be reached and no user was kept from before */
  | { status: "unreachable"; user: null };

/**
 * Signed in means a user with an id from GET /api/user. The call is made only when an access token
 * is stored. While the network or the server is down the session is `unreachable` (never signed
 * out: that would rebuild the screens, whose mounting asks again at once); any other failure but a
 * 401 (handled by the API client) counts as signed out.
 */
export function useSession(): Session {
  const token = useStorageValue("accessToken");
  const query = useQuery(userQueryOptions(token));
  const connectivity = useConnectivity();
  if (!token) return { status: "signed-out", user: null };
  if (query.data) return { status: "signed-in", user: query.data };
  if (query.isPending) {
    // paused: the query library waits for the browser to be online; a retry after the server could
    // not be reached stays unreachable until an answer comes
    const waiting =
      query.fetchStatus === "paused" || (query.errorUpdateCount > 0 && connectivity !== "online");
    return waiting ? { status: "unreachable", user: null } : { status: "loading", user: null };
  }
  if (query.isError && isUnreachable(query.error)) return { status: "unreachable", user: null };
  return { status: "signed-out", user: null };
}

/** Replaces the user record of the current session (after PATCH /api/user and the like). */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(userQueryOptions("token").queryKey, user);
}

/**
 * Switches the app to the signed-in state. The router is rebuilt for the new state from the current
 * URL, so the destination is written to the address bar first (replacing the sign-in screen), then
 * the token is stored; the user is put in the cache beforehand so no loading screen flashes.
 */
export function startSession(queryClient: QueryClient, token: string, user: User, destination: string): void {
  const wasSignedIn = storage.has("accessToken");
  forgetOfflineSnapshot();
  setSessionUser(queryClient, user);
  setAnalyticsUser(user.id);
  window.history.replaceState(null, "", destination);
  storage.set("accessToken", token);
  // Already signed in (another account, from the OAuth popup's fallback): the router is not rebuilt,
  // so load the destination afresh.
  if (wasSignedIn) window.location.replace(destination);
}

/** Switches the app to the signed-out state at `destination` (home by default). */
export function endSession(queryClient: QueryClient, destination: string = paths.home): void {
  window.history.replaceState(null, "", destination);
  storage.remove("accessToken");
  forgetOfflineSnapshot();
  setAnalyticsUser(null);
  queryClient.clear();
}
