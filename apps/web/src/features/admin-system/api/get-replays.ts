import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const REPLAYS_PAGE_SIZE = 25;

/** GET /api/admin/replays?before&limit — sampled sessions, the most recently uploaded first. */
export function getReplays(before: string | null, signal?: AbortSignal) {
  return api.get("/api/admin/replays", (contract) => contract.adminReplayListSchema, {
    params: { before, limit: REPLAYS_PAGE_SIZE },
    signal,
  });
}

export const replaysQueryOptions = (before: string | null) =>
  queryOptions({
    queryKey: ["admin", "replays", before],
    queryFn: ({ signal }) => getReplays(before, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useReplays(before: string | null) {
  return useQuery(replaysQueryOptions(before));
}
