import { api } from "@/lib/api-client";

/**
 * POST /api/payment/update?price_id — the provider's page to change plan, or, without a price id,
 * to fix the card after a failed renewal.
 */
export function updatePayment(priceId?: string) {
  return api.post("/api/payment/update", (contract) => contract.paymentUrlSchema, {
    params: { price_id: priceId },
  });
}
