import { api } from "@/lib/api-client";

/**
 * PATCH /api/user/payment — "I am back from the checkout" for one order: the order and the user as
 * they are now (the order stays `pending` until the provider has confirmed it).
 */
export function confirmPayment(orderId: string, signal?: AbortSignal) {
  return api.patch("/api/user/payment", (contract) => contract.paymentReturnResponseSchema, {
    body: { order_id: orderId },
    signal,
  });
}
