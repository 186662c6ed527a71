import type { MessageReportQuery } from "@reverie/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/moderation/reports — reported messages with their context. */
export function listReports(query: MessageReportQuery, signal?: AbortSignal) {
  return api.get("/api/admin/moderation/reports", (contract) => contract.messageReportListSchema, {
    params: { ...query },
    signal,
  });
}

export const reportsQueryOptions = (query: MessageReportQuery) =>
  queryOptions({
    queryKey: ["admin", "moderation", "reports", query],
    queryFn: ({ signal }) => listReports(query, signal),
    placeholderData: keepPreviousData,
  });

export function useReports(query: MessageReportQuery) {
  return useQuery(reportsQueryOptions(query));
}
