import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { subscriptionQueryOptions } from "./get-subscription";

/** POST /api/payment/cancel — ends the subscription at the end of the paid period; answers it. */
export function cancelSubscription() {
  return api.post("/api/payment/cancel", (contract) => contract.subscriptionResponseSchema);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) => queryClient.setQueryData(subscriptionQueryOptions().queryKey, answer),
  });
}
