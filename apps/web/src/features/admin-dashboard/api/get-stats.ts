import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface StatsRange {
  from: string;
  to: string;
}

/** GET /api/admin/stats?from&to — per UTC day figures, totals, token flow and the funnel. */
export function getStats(range: StatsRange, signal?: AbortSignal) {
  return api.get("/api/admin/stats", (contract) => contract.adminStatsSchema, {
    params: { ...range },
    signal,
  });
}

export const statsQueryOptions = (range: StatsRange) =>
  queryOptions({
    queryKey: ["admin", "stats", range],
    queryFn: ({ signal }) => getStats(range, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useStats(range: StatsRange) {
  return useQuery(statsQueryOptions(range));
}
