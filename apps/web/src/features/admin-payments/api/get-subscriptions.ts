import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SUBSCRIPTIONS_PAGE_SIZE = 50;

/** GET /api/admin/payments/subscriptions?page&limit — subscriptions, newest first. */
export function getSubscriptions(page: number, signal?: AbortSignal) {
  return api.get("/api/admin/payments/subscriptions", (contract) => contract.adminSubscriptionListSchema, {
    params: { page, limit: SUBSCRIPTIONS_PAGE_SIZE },
    signal,
  });
}

export const subscriptionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ["admin", "payments", "subscriptions", page],
    queryFn: ({ signal }) => getSubscriptions(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useSubscriptions(page: number) {
  return useQuery(subscriptionsQueryOptions(page));
}
