import type { CheckoutRequest } from "@reverie/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/stripe/create-session — an order for one price and the provider's page to pay it on.
 * 400 for an unknown price id, 409 `already_premium` for a plan while premium.
 */
export function createCheckoutSession(request: CheckoutRequest) {
  return api.post("/api/stripe/create-session", (contract) => contract.checkoutSessionSchema, {
    body: request,
  });
}
