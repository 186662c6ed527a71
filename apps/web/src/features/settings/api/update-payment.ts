import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * POST /api/payment/update?price_id — the provider's page for changing the card (or, with a price
 * id, the plan) of the subscription.
 */
export function updatePayment(priceId?: string) {
  return api.post("/api/payment/update", (contract) => contract.paymentUrlSchema, {
    params: { price_id: priceId },
  });
}

/** Leaves for the provider's page once it is known. */
export function useUpdatePayment() {
  return useMutation({
    mutationFn: (priceId?: string) => updatePayment(priceId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
