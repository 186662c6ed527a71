import type { User } from "@reverie/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths";
import { setAnalyticsUser } from "./analytics";
import { ApiError, api } from "./api-client";
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

export const userQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...USER_QUERY_KEY, token ? "token" : "anonymous"],
    queryFn: ({ signal }) => getUser({ signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });

export type Session =
  | { status: "loading"; user: null }
  | { status: "signed-in"; user: User }
  | { status: "signed-out"; user: null };

/**
 * Signed in means a user with an id from GET /api/user. The call is made only when an access token
 * is stored; any failure other than a 401 (handled by the API client) counts as signed out.
 */
export function useSession(): Session {
  const token = useStorageValue("accessToken");
  const query = useQuery(userQueryOptions(token));
  if (!token) return { status: "signed-out", user: null };
  if (query.isPending) return { status: "loading", user: null };
  if (query.data) return { status: "signed-in", user: query.data };
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
  setAnalyticsUser(null);
  queryClient.clear();
}
