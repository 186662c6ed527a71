import type { FakeStripe } from "../fakes/stripe-api.ts";
import type { FakeVerotel } from "../fakes/verotel-flexpay.ts";

/** The settings that point the server at the fake Stripe (card checkout) and the fake Verotel (popup). */
export function fakePaymentEnv(stripe: FakeStripe, verotel: FakeVerotel): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.apiBase,
    PAYMENT_POPUP_PROVIDER: "verotel",
    VEROTEL_SHOP_ID: verotel.shopId,
    VEROTEL_SIGNATURE_KEY: verotel.signatureKey,
    VEROTEL_BASE_URL: verotel.baseUrl,
  };
}
