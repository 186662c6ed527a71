import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/payment/subscription — the signed-in user's subscription, or null. */
export function getSubscription(signal?: AbortSignal) {
  return api.get("/api/payment/subscription", (contract) => contract.subscriptionResponseSchema, {
    signal,
  });
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ["payment", "subscription"],
    queryFn: ({ signal }) => getSubscription(signal),
  });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
