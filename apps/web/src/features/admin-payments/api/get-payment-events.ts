import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const PAYMENT_EVENTS_PAGE_SIZE = 50;

/** GET /api/admin/payments/events?before&limit — provider events, newest first. */
export function getPaymentEvents(before: number | null, signal?: AbortSignal) {
  return api.get("/api/admin/payments/events", (contract) => contract.adminPaymentEventListSchema, {
    params: { before, limit: PAYMENT_EVENTS_PAGE_SIZE },
    signal,
  });
}

export const paymentEventsQueryOptions = (before: number | null) =>
  queryOptions({
    queryKey: ["admin", "payments", "events", before],
    queryFn: ({ signal }) => getPaymentEvents(before, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function usePaymentEvents(before: number | null) {
  return useQuery(paymentEventsQueryOptions(before));
}
