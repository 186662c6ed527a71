import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/auth/providers — only the social sign-ins configured on the server. */
export function getAuthProviders(signal?: AbortSignal) {
  return api.get("/api/auth/providers", (contract) => contract.authProvidersResponseSchema, {
    signal,
    redirectOnUnauthorized: false,
  });
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ["auth-providers"],
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: 10 * 60_000,
    retry: 1,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
