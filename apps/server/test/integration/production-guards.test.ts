import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-api.ts";
import { type FakeVerotel, startFakeVerotel } from "../fakes/verotel-flexpay.ts";
import { signUp } from "../helpers/accounts.ts";
import { fakePaymentEnv } from "../helpers/payment-env.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Production without the built-in test checkout (decision 38): configured with Stripe and Verotel, the
 * test provider's pages, its "pay" call and its webhook do not exist, and the popup goes to
 * Verotel. An outside review bought 4,950 tokens and a year of Premium with the 4242 card when the
 * test checkout still answered in production.
 */
const AUTH_SECRET = "a-production-secret-of-at-least-32-characters";

let stripe: FakeStripe;
let verotel: FakeVerotel;
let production: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  verotel = await startFakeVerotel({ postbackUrl: "http://127.0.0.1:9/postback" });
  production = await createTestApp({
    env: {
      NODE_ENV: "production",
      AUTH_SECRET,
      ...fakePaymentEnv(stripe, verotel),
    },
  });
});
afterAll(async () => {
  await production?.close();
  stripe?.close();
  verotel?.close();
});

describe("production with real payment providers", () => {
  it("has no test checkout: its page, its pay call and its webhook answer 404, and the popup is Verotel's", async () => {
    const buyer = await signUp(production);
    const popup = await buyer.call("GET", "/api/user/payment_popup?price_id=tokens_100");
    expect(popup.status).toBe(200);
    expect(new URL(popup.body.url as string).origin).toBe(new URL(verotel.baseUrl).origin);

    expect((await buyer.call("GET", "/api/test-checkout/1")).status).toBe(404);
    expect(
      (
        await buyer.call("POST", "/api/test-checkout/1/pay", {
          card_number: "4242424242424242",
          expiry: "12/34",
          cvc: "123",
          name: "Test Buyer",
        })
      ).status,
    ).toBe(404);
    const webhook = await production.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/test",
      payload: { type: "order.paid", order_id: 1 },
    });
    expect(webhook.statusCode).toBe(404);
    expect(webhook.json().message).toContain('No payment provider "test"');
  });
});

describe("the API's map in production", () => {
  it("serves /api/docs only with API_DOCS=true", async () => {
    expect((await production.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
    expect((await production.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBe(404);
    const documented = await createTestApp({
      env: { NODE_ENV: "production", ALLOW_TEST_CHECKOUT: "true", API_DOCS: "true" },
    });
    try {
      expect((await documented.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
    } finally {
      await documented.close();
    }
  });
});

describe("the configuration production refuses to start with", () => {
  const refusal = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig({ NODE_ENV: "production", ...env });
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };
  const REAL_PAYMENTS = {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    PAYMENT_POPUP_PROVIDER: "verotel",
    VEROTEL_SHOP_ID: "123",
    VEROTEL_SIGNATURE_KEY: "key",
  };

  it("the default test checkout, naming what to set, unless ALLOW_TEST_CHECKOUT=true", () => {
    expect(refusal({})).toContain("PAYMENT_PROVIDER and PAYMENT_POPUP_PROVIDER");
    expect(refusal({})).toContain("ALLOW_TEST_CHECKOUT=true");
    // Stripe alone still leaves the popup on the test checkout: the review's free year of Premium
    expect(
      refusal({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" }),
    ).toContain('PAYMENT_POPUP_PROVIDER: "test" (the default)');
    expect(refusal(REAL_PAYMENTS)).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production", ...REAL_PAYMENTS }).payments.testCheckout).toBe(false);
    expect(refusal({ ALLOW_TEST_CHECKOUT: "true" })).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production", ALLOW_TEST_CHECKOUT: "true" }).payments.testCheckout).toBe(
      true,
    );
    // outside production the test checkout is the embedded default
    expect(loadConfig({}).payments.testCheckout).toBe(true);
  });

  it("DATABASE_URL without AUTH_SECRET (every instance would sign with a secret of its own)", () => {
    const database = { ...REAL_PAYMENTS, DATABASE_URL: "postgres://db.example/reverie" };
    expect(refusal(database)).toContain("AUTH_SECRET: needed with DATABASE_URL");
    expect(refusal({ ...database, AUTH_SECRET })).toBeUndefined();
  });

  it("variables that contradict each other, each named", () => {
    expect(refusal({ ALLOW_TEST_CHECKOUT: "true", STRIPE_SECRET_KEY: "sk_live_x" })).toContain(
      "STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is set but PAYMENT_PROVIDER is test",
    );
    expect(refusal({ ALLOW_TEST_CHECKOUT: "true", VEROTEL_SHOP_ID: "123" })).toContain(
      "VEROTEL_SHOP_ID or VEROTEL_SIGNATURE_KEY is set but PAYMENT_POPUP_PROVIDER is test",
    );
    expect(refusal({ ...REAL_PAYMENTS, MODERATION_BASE_URL: "http://guard:8000" })).toContain(
      "MODERATION_BASE_URL or MODERATION_API_KEY is set but MODERATION_PROVIDER is rules",
    );
    expect(refusal({ ...REAL_PAYMENTS, ALLOW_TEST_CHECKOUT: "true" })).toContain(
      "ALLOW_TEST_CHECKOUT=true but neither PAYMENT_PROVIDER nor PAYMENT_POPUP_PROVIDER is test",
    );
    // every problem at once, so an operator fixes them in one go
    const all = refusal({ DATABASE_URL: "postgres://db/x", MODERATION_API_KEY: "k" }) ?? "";
    expect(all.split("\n").length).toBe(4);
  });
});
