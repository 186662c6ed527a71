import { api } from "@/lib/api-client";

export interface TestCardPayment {
  card_number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  name: string;
  /** the one-time code, once the card asked for one */
  verification_code?: string;
}

/** POST /api/test-checkout/{order_id}/pay — the card's outcome, and where to go once approved. */
export function payTestCheckout(orderId: string, payment: TestCardPayment) {
  return api.post(
    `/api/test-checkout/${encodeURIComponent(orderId)}/pay`,
    (contract) => contract.testCheckoutResultSchema,
    { body: payment },
  );
}
