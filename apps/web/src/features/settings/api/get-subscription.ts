import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/payment/subscription — the user's subscription, or null on the free plan. */
export function getSubscription(signal?: AbortSignal) {
  return api.get("/api/payment/subscription", (contract) => contract.subscriptionResponseSchema, {
    signal,
  });
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ["payment", "subscription"],
    queryFn: ({ signal }) => getSubscription(signal),
    // a checkout or a renewal may have changed it since: asked afresh whenever settings open
    staleTime: 0,
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
