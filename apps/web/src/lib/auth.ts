import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, type Parser } from "./api-client";
import { useStorageValue } from "./storage";

/**
 * The signed-in user as far as the web app needs it today. The accounts issue adds the full user
 * schema (plan, tokens, email, free_msgs, ...) to @reverie/shared; until then only `id` is required.
 */
export interface SessionUser {
  id: string | number;
  email?: string;
  plan?: string;
  tokens?: number;
  [field: string]: unknown;
}

const sessionUserParser: Parser<SessionUser> = {
  parse(data) {
    if (typeof data === "object" && data !== null) {
      const id = (data as { id?: unknown }).id;
      if ((typeof id === "string" && id !== "") || typeof id === "number") return data as SessionUser;
    }
    throw new ApiError(200, "invalid_user", "The user record has no id.");
  },
};

/** GET /api/user. A 404 (no such route or no such user) means signed out. */
export async function getUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return await api.get("/api/user", sessionUserParser, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.error === "invalid_user")) return null;
    throw error;
  }
}

export const userQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["user", token ? "token" : "anonymous"],
    queryFn: ({ signal }) => getUser(signal),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });

export type Session =
  | { status: "loading"; user: null }
  | { status: "signed-in"; user: SessionUser }
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
