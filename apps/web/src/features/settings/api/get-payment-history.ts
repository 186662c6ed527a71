import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/payment/history — the user's orders, paid, failed or pending, newest first. */
export function getPaymentHistory(signal?: AbortSignal) {
  return api.get("/api/payment/history", (contract) => contract.paymentHistorySchema, { signal });
}

export const paymentHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ["payment", "history"],
    queryFn: ({ signal }) => getPaymentHistory(signal),
    staleTime: 0,
  });

export function usePaymentHistory() {
  return useQuery(paymentHistoryQueryOptions());
}
