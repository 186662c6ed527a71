import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/auth/sessions — the account's signed-in devices, this one marked `current`. */
export function getSessions(signal?: AbortSignal) {
  return api.get("/api/auth/sessions", (contract) => contract.sessionListResponseSchema, { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["auth-sessions"],
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 30_000,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
