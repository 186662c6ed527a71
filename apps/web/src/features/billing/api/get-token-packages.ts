import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/subscriptions/packages — token packages and their prices. */
export function getTokenPackages(signal?: AbortSignal) {
  return api.get("/api/subscriptions/packages", (contract) => contract.tokenPackagesResponseSchema, {
    signal,
  });
}

export const tokenPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ["subscriptions", "packages"],
    queryFn: ({ signal }) => getTokenPackages(signal),
    staleTime: 60 * 60_000,
  });

export function useTokenPackages() {
  return useQuery(tokenPackagesQueryOptions());
}
