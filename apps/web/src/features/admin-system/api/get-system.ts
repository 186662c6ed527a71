import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/system — providers and their health, the job queue's depth and failures. */
export function getSystem(signal?: AbortSignal) {
  return api.get("/api/admin/system", (contract) => contract.adminSystemSchema, { signal });
}

export const systemQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "system"],
    queryFn: ({ signal }) => getSystem(signal),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });

export function useSystem() {
  return useQuery(systemQueryOptions());
}
