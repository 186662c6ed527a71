import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../../../../test/fakes/stripe-api.ts";
import { type CheckoutRequest, InvalidNotificationError } from "../types.ts";
import { StripeProvider } from "./stripe-provider.ts";

let fake: FakeStripe;
let provider: StripeProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.apiBase,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

let orderNumber = 0;

function tokensOrder(): CheckoutRequest {
  return {
    orderId: `order-${++orderNumber}`,
    userId: "user-1",
    email: "ada@example.com",
    item: {
      priceId: "tokens_350",
      kind: "tokens",
      description: "350 tokens",
      amountCents: 499,
      currency: "usd",
    },
    successUrl: "https://reverie.test/checkout/done",
    cancelUrl: "https://reverie.test/checkout",
  };
}

function planOrder(): CheckoutRequest {
  return {
    ...tokensOrder(),
    item: {
      priceId: "premium_3_months",
      kind: "subscription",
      description: "Reverie Premium, 3 months",
      amountCents: 2999,
      currency: "usd",
      period: { unit: "month", count: 3 },
    },
  };
}

/** A checkout started through the provider, and its order id. */
async function started(request: CheckoutRequest) {
  const start = await provider.startCheckout(request);
  return { ...start, orderId: request.orderId };
}

function deliver(delivery: { rawBody: Buffer; headers: Record<string, string> }) {
  return provider.parseNotification({ rawBody: delivery.rawBody, headers: delivery.headers, query: {} });
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const unix = (value: number) => new Date(value * 1000);

describe("StripeProvider.startCheckout", () => {
  it("creates a payment session for tokens, priced inline and carrying our order id", async () => {
    const request = tokensOrder();
    const start = await provider.startCheckout(request);

    const session = fake.session(start.providerReference);
    expect(start.url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 499,
      currency: "usd",
      client_reference_id: request.orderId,
      metadata: { order_id: request.orderId },
      customer_email: "ada@example.com",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    const [create] = fake.requests;
    expect(create).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(create?.body.line_items).toEqual([
      {
        quantity: "1",
        price_data: { currency: "usd", unit_amount: "499", product_data: { name: "350 tokens" } },
      },
    ]);
    expect(create?.body).not.toHaveProperty("subscription_data");
  });

  it("creates a subscription session for a plan, renewing every period, the order id on the subscription too", async () => {
    const request = planOrder();
    const start = await provider.startCheckout(request);

    expect(fake.session(start.providerReference)).toMatchObject({ mode: "subscription", amount_total: 2999 });
    const [create] = fake.requests;
    expect(create?.body).toMatchObject({
      mode: "subscription",
      client_reference_id: request.orderId,
      metadata: { order_id: request.orderId },
      subscription_data: { metadata: { order_id: request.orderId } },
      line_items: [
        {
          price_data: {
            unit_amount: "2999",
            product_data: { name: "Reverie Premium, 3 months" },
            recurring: { interval: "month", interval_count: "3" },
          },
        },
      ],
    });
  });

  it("fails with Stripe's error when the secret key is refused", async () => {
    const wrongKey = new StripeProvider({
      secretKey: "sk_test_wrong",
      webhookSecret: fake.webhookSecret,
      apiBase: fake.apiBase,
    });
    await expect(wrongKey.startCheckout(tokensOrder())).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer sk_test_wrong");
  });

  it("refuses an API base with a path, which the SDK would drop", () => {
    expect(
      () =>
        new StripeProvider({
          secretKey: "sk_test_x",
          webhookSecret: "whsec_x",
          apiBase: "http://127.0.0.1:1/v1",
        }),
    ).toThrow(/origin only/);
  });
});

describe("StripeProvider.parseNotification: signatures", () => {
  const completed = async () => {
    const { providerReference } = await started(tokensOrder());
    fake.pay(providerReference);
    return fake.session(providerReference);
  };

  it("refuses a delivery signed with another secret, a changed body, or no signature", async () => {
    const session = await completed();
    const forged = fake.signedEvent("checkout.session.completed", session, { secret: "whsec_someone_else" });
    await expect(deliver(forged)).rejects.toBeInstanceOf(InvalidNotificationError);

    const genuine = fake.signedEvent("checkout.session.completed", session);
    const tampered = Buffer.from(
      genuine.rawBody.toString("utf8").replace('"amount_total": 499', '"amount_total": 1'),
    );
    await expect(deliver({ ...genuine, rawBody: tampered })).rejects.toThrow(/No signatures found matching/);

    await expect(deliver({ rawBody: genuine.rawBody, headers: {} })).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
  });

  it("refuses a delivery signed more than 300 s ago, and takes one signed within", async () => {
    const session = await completed();
    const now = seconds(new Date());
    const stale = fake.signedEvent("checkout.session.completed", session, { timestamp: now - 360 });
    await expect(deliver(stale)).rejects.toThrow(/Timestamp outside the tolerance zone/);

    const late = fake.signedEvent("checkout.session.completed", session, { timestamp: now - 240 });
    expect((await deliver(late)).events).toHaveLength(1);
  });
});

describe("StripeProvider.parseNotification: events", () => {
  it("turns a paid token checkout into payment_succeeded, with Stripe's event id", async () => {
    const { providerReference, orderId } = await started(tokensOrder());
    fake.pay(providerReference);
    const delivery = fake.signedEvent("checkout.session.completed", fake.session(providerReference));

    expect((await deliver(delivery)).events).toEqual([
      { id: delivery.event.id, type: "payment_succeeded", orderId, amountCents: 499, currency: "usd" },
    ]);
  });

  it("adds the subscription a paid plan checkout started, paid until its item's period end", async () => {
    const { providerReference, orderId } = await started(planOrder());
    const subscription = fake.pay(providerReference);
    const periodEnd = subscription?.items.data[0]?.current_period_end ?? 0;
    const delivery = fake.signedEvent("checkout.session.completed", fake.session(providerReference));

    const { events } = await deliver(delivery);
    expect(events).toEqual([
      {
        id: delivery.event.id,
        type: "payment_succeeded",
        orderId,
        amountCents: 2999,
        currency: "usd",
        subscription: { providerSubscriptionId: subscription?.id, currentPeriodEnd: unix(periodEnd) },
      },
    ]);
    // three months on, not the 2025-03-31 API's missing subscription-level period
    expect(periodEnd - seconds(new Date())).toBeGreaterThan(88 * 24 * 3600);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v1/subscriptions/${subscription?.id}`,
    });
  });

  it("waits on a completed checkout whose delayed payment is still clearing, and credits it when it clears", async () => {
    const { providerReference, orderId } = await started(tokensOrder());
    const clearing = { ...fake.session(providerReference), status: "complete", payment_status: "unpaid" };
    expect((await deliver(fake.signedEvent("checkout.session.completed", clearing))).events).toEqual([]);

    fake.pay(providerReference);
    const cleared = fake.signedEvent(
      "checkout.session.async_payment_succeeded",
      fake.session(providerReference),
    );
    expect((await deliver(cleared)).events).toEqual([
      { id: cleared.event.id, type: "payment_succeeded", orderId, amountCents: 499, currency: "usd" },
    ]);
  });

  it.each([
    {
      what: "a failed delayed payment",
      type: "checkout.session.async_payment_failed" as const,
      session: (reference: string) => fake.session(reference),
      reason: expect.any(String),
    },
    {
      what: "an expired checkout",
      type: "checkout.session.expired" as const,
      session: (reference: string) => fake.expire(reference),
      reason: "the checkout expired before it was paid",
    },
  ])("turns $what into payment_failed", async ({ type, session, reason }) => {
    const checkout = await started(tokensOrder());
    const delivery = fake.signedEvent(type, session(checkout.providerReference));
    expect((await deliver(delivery)).events).toEqual([
      { id: delivery.event.id, type: "payment_failed", orderId: checkout.orderId, reason },
    ]);
  });

  it("turns a paid renewal invoice into subscription_renewed until the period it paid for, and ignores the first invoice", async () => {
    const { providerReference } = await started(planOrder());
    const subscriptionId = fake.pay(providerReference)?.id ?? "";
    const firstInvoice = fake.session(providerReference).invoice;
    expect(firstInvoice).toMatch(/^in_/);

    const invoice = fake.renew(subscriptionId);
    const delivery = fake.signedEvent("invoice.paid", invoice);
    expect((await deliver(delivery)).events).toEqual([
      {
        id: delivery.event.id,
        type: "subscription_renewed",
        providerSubscriptionId: subscriptionId,
        currentPeriodEnd: unix(fake.subscription(subscriptionId).items.data[0]?.current_period_end ?? 0),
        amountCents: 2999,
        currency: "usd",
      },
    ]);

    const creation = { ...invoice, id: firstInvoice, billing_reason: "subscription_create" };
    expect((await deliver(fake.signedEvent("invoice.paid", creation))).events).toEqual([]);
  });

  it("turns a declined renewal into subscription_renewal_failed", async () => {
    const { providerReference } = await started(planOrder());
    const subscriptionId = fake.pay(providerReference)?.id ?? "";
    const delivery = fake.signedEvent("invoice.payment_failed", fake.failRenewal(subscriptionId));

    expect((await deliver(delivery)).events).toEqual([
      {
        id: delivery.event.id,
        type: "subscription_renewal_failed",
        providerSubscriptionId: subscriptionId,
        reason: expect.stringMatching(/^the renewal payment failed \(attempt 1\); Stripe tries again at /),
      },
    ]);
  });

  it("turns a cancellation at period end into subscription_canceled at that end, once", async () => {
    const { providerReference } = await started(planOrder());
    const subscriptionId = fake.pay(providerReference)?.id ?? "";
    await provider.cancelSubscription(subscriptionId);
    const canceling = fake.subscription(subscriptionId);
    const delivery = fake.signedEvent("customer.subscription.updated", canceling, {
      previousAttributes: { cancel_at_period_end: false, cancel_at: null },
    });

    expect((await deliver(delivery)).events).toEqual([
      {
        id: delivery.event.id,
        type: "subscription_canceled",
        providerSubscriptionId: subscriptionId,
        endsAt: unix(canceling.items.data[0]?.current_period_end ?? 0),
      },
    ]);
    // a later update that leaves the cancellation as it was says nothing new
    const unrelated = fake.signedEvent("customer.subscription.updated", canceling, {
      previousAttributes: { metadata: {} },
    });
    expect((await deliver(unrelated)).events).toEqual([]);
  });

  it("turns a deleted subscription into subscription_canceled when it ended", async () => {
    const { providerReference } = await started(planOrder());
    const subscriptionId = fake.pay(providerReference)?.id ?? "";
    const ended = fake.endSubscription(subscriptionId);
    const delivery = fake.signedEvent("customer.subscription.deleted", ended);

    expect((await deliver(delivery)).events).toEqual([
      {
        id: delivery.event.id,
        type: "subscription_canceled",
        providerSubscriptionId: subscriptionId,
        endsAt: unix(ended.ended_at ?? 0),
      },
    ]);
  });

  it("acknowledges other events and sessions of no order of ours with no events", async () => {
    const other = fake.signedEvent("customer.created", { id: "cus_1", object: "customer" });
    expect(await deliver(other)).toEqual({ events: [] });

    const { providerReference } = await started(tokensOrder());
    fake.pay(providerReference);
    const foreign = { ...fake.session(providerReference), metadata: {}, client_reference_id: null };
    expect((await deliver(fake.signedEvent("checkout.session.completed", foreign))).events).toEqual([]);
  });
});

describe("StripeProvider.checkoutStatus", () => {
  it("is pending while the session is open, then paid with the event the webhook would give", async () => {
    const { providerReference, orderId } = await started(planOrder());
    expect(await provider.checkoutStatus({ orderId, providerReference })).toEqual({ status: "pending" });

    const subscription = fake.pay(providerReference);
    expect(await provider.checkoutStatus({ orderId, providerReference })).toEqual({
      status: "paid",
      event: {
        id: `session:${providerReference}`,
        type: "payment_succeeded",
        orderId,
        amountCents: 2999,
        currency: "usd",
        subscription: {
          providerSubscriptionId: subscription?.id,
          currentPeriodEnd: unix(subscription?.items.data[0]?.current_period_end ?? 0),
        },
      },
    });
  });

  it("is failed once the session expired", async () => {
    const { providerReference, orderId } = await started(tokensOrder());
    fake.expire(providerReference);
    expect(await provider.checkoutStatus({ orderId, providerReference })).toEqual({
      status: "failed",
      event: {
        id: `session:${providerReference}`,
        type: "payment_failed",
        orderId,
        reason: "the checkout expired before it was paid",
      },
    });
  });

  it("refuses a session of another order, and fails with Stripe's error for an unknown one", async () => {
    const { providerReference } = await started(tokensOrder());
    await expect(provider.checkoutStatus({ orderId: "order-other", providerReference })).rejects.toThrow(
      /belongs to order order-\d+, not order-other/,
    );
    await expect(
      provider.checkoutStatus({ orderId: "order-other", providerReference: "cs_test_missing" }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "resource_missing" });
  });
});

describe("StripeProvider.cancelSubscription", () => {
  it("stops renewals at the end of the paid period", async () => {
    const { providerReference } = await started(planOrder());
    const subscription = fake.pay(providerReference);
    const periodEnd = subscription?.items.data[0]?.current_period_end ?? 0;

    expect(await provider.cancelSubscription(subscription?.id ?? "")).toEqual({ endsAt: unix(periodEnd) });
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/subscriptions/${subscription?.id}`,
      body: { cancel_at_period_end: "true" },
    });
    expect(fake.subscription(subscription?.id ?? "")).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: periodEnd,
    });
  });
});
