import type { AuditLogQuery } from "@reverie/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const PAGE_SIZE = 50;

type Filter = Pick<AuditLogQuery, "actor_id" | "target_type" | "target_id">;

/** GET /api/admin/audit-log — operator actions, newest first; `before` pages on to older ones. */
export function getAuditLog(filter: Filter, before: number | undefined, signal?: AbortSignal) {
  return api.get("/api/admin/audit-log", (contract) => contract.auditLogResponseSchema, {
    params: { ...filter, before, limit: PAGE_SIZE },
    signal,
  });
}

export const auditLogQueryOptions = (filter: Filter) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit-log", filter],
    queryFn: ({ pageParam, signal }) => getAuditLog(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
    staleTime: 0,
  });

export function useAuditLog(filter: Filter) {
  return useInfiniteQuery(auditLogQueryOptions(filter));
}
