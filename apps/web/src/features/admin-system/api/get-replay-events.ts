import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/replays/:id/events — one replay's rrweb events, in recorded order. */
export function getReplayEvents(id: string, signal?: AbortSignal) {
  return api.get(
    `/api/admin/replays/${encodeURIComponent(id)}/events`,
    (contract) => contract.adminReplayEventsSchema,
    {
      signal,
    },
  );
}

export const replayEventsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["admin", "replays", "events", id],
    queryFn: ({ signal }) => getReplayEvents(id, signal),
    staleTime: 60_000,
  });

export function useReplayEvents(id: string) {
  return useQuery(replayEventsQueryOptions(id));
}
