import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/admin/me — the caller's console role. 403 for everyone who is not a moderator or an
 * admin (they see the not-found screen); a 401 (signed out, banned) ends the session like any other
 * call, except `session_expired` (an admin session past its maximum age), after which the console
 * asks to sign in again (lib/admin-session.ts).
 */
export function getAdminMe(signal?: AbortSignal) {
  return api.get("/api/admin/me", (contract) => contract.adminMeSchema, { signal });
}

export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "me"],
    queryFn: ({ signal }) => getAdminMe(signal),
    staleTime: 60_000,
    retry: false,
  });

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}
