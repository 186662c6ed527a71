import type { ModerationEventQuery } from "@reverie/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/moderation/events — refused content, newest first, filtered. */
export function listModerationEvents(query: ModerationEventQuery, signal?: AbortSignal) {
  return api.get("/api/admin/moderation/events", (contract) => contract.moderationEventListSchema, {
    params: { ...query },
    signal,
  });
}

export const moderationEventsQueryOptions = (query: ModerationEventQuery) =>
  queryOptions({
    queryKey: ["admin", "moderation", "events", query],
    queryFn: ({ signal }) => listModerationEvents(query, signal),
    placeholderData: keepPreviousData,
  });

export function useModerationEvents(query: ModerationEventQuery) {
  return useQuery(moderationEventsQueryOptions(query));
}
