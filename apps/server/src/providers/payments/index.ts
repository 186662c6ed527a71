import { createHmac } from "node:crypto";
import type { AppConfig } from "../../config.ts";
import { StripeProvider } from "./stripe/stripe-provider.ts";
import { TestCheckoutProvider } from "./test-checkout/test-checkout-provider.ts";
import type { PaymentProvider } from "./types.ts";
import { VerotelProvider } from "./verotel/verotel-provider.ts";

/**
 * The payment providers in use: one for the checkout page (the built-in test checkout by default,
 * or Stripe Checkout) and one for the spec's payment popup (the test checkout, or Verotel FlexPay,
 * which takes adult content). The test checkout serves the providers' tests and `npm start`; in
 * production it exists only with ALLOW_TEST_CHECKOUT=true (its webhook is not among `byName`, and
 * app.ts leaves out its routes).
 */
export interface PaymentProviders {
  checkout: PaymentProvider;
  popup: PaymentProvider;
  test: TestCheckoutProvider;
  /** by name, for the webhook routes: only the configured ones */
  byName: Map<string, PaymentProvider>;
}

export function createPaymentProviders(config: AppConfig, appSecret: string): PaymentProviders {
  // a key of its own, derived: the app's secret itself never signs anything that leaves it
  const signingSecret = createHmac("sha256", appSecret).update("test-checkout-events").digest("hex");
  const test = new TestCheckoutProvider({ signingSecret });
  const { stripe, verotel } = config.payments;
  const checkout =
    config.payments.checkout === "stripe" && stripe.secretKey && stripe.webhookSecret
      ? new StripeProvider({
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          ...(stripe.apiBase ? { apiBase: stripe.apiBase } : {}),
        })
      : test;
  const popup =
    config.payments.popup === "verotel" && verotel.shopId && verotel.signatureKey
      ? new VerotelProvider({
          shopId: verotel.shopId,
          signatureKey: verotel.signatureKey,
          baseUrl: verotel.baseUrl,
          controlCenter: verotel.controlCenter,
        })
      : test;
  const byName = new Map<string, PaymentProvider>(config.payments.testCheckout ? [[test.name, test]] : []);
  byName.set(checkout.name, checkout);
  byName.set(popup.name, popup);
  return { checkout, popup, test, byName };
}
