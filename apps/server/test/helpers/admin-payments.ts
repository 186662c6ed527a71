import type { TestAccount } from "./accounts.ts";
import { eventually } from "./wait.ts";

const CARD = { expiry: "12/39", cvc: "123", name: "Test Buyer" };
export const PAYING_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";

/**
 * Buys a price list price at the built-in test checkout with the app's own calls, as a browser
 * would, and waits until the order is settled (its signed event travels through the job queue).
 */
export async function buyAtTestCheckout(
  buyer: TestAccount,
  priceId: string,
  card = PAYING_CARD,
): Promise<{ orderId: string; status: string }> {
  const session = await buyer.call("POST", "/api/stripe/create-session", { price_id: priceId });
  if (session.status !== 200) throw new Error(`checkout did not start: ${JSON.stringify(session.body)}`);
  const orderId = session.body.order_id as string;
  const paid = await buyer.call("POST", `/api/test-checkout/${orderId}/pay`, { ...CARD, card_number: card });
  if (paid.status !== 200) throw new Error(`payment was not taken: ${JSON.stringify(paid.body)}`);
  const status = await eventually(
    async () =>
      (
        (await buyer.call("PATCH", "/api/user/payment", { order_id: orderId })).body.order as {
          status: string;
        }
      ).status,
    { until: (status) => status !== "pending", what: `order ${orderId} to leave pending` },
  );
  return { orderId, status };
}
