import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeVerotel, startFakeVerotel } from "../../../../test/fakes/verotel-flexpay.ts";
import { startFakeUpstream } from "../../../../test/helpers/fake-upstream.ts";
import { type CheckoutRequest, type IncomingNotification, InvalidNotificationError } from "../types.ts";
import { flexPaySignature, SIGNED_REQUEST_PARAMETERS, signPostback } from "./flexpay-signature.ts";
import { formatAmount, parseAmount, VerotelError, VerotelProvider } from "./verotel-provider.ts";

let fake: FakeVerotel;
let provider: VerotelProvider;
let orderNumber = 0;

beforeAll(async () => {
  fake = await startFakeVerotel();
  provider = new VerotelProvider({
    shopId: fake.shopId,
    signatureKey: fake.signatureKey,
    baseUrl: fake.baseUrl,
    controlCenter: fake.controlCenter,
  });
});
afterAll(() => fake.close());

const tokens = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: `order-${++orderNumber}`,
  userId: "user-7",
  email: "buyer@example.com",
  item: {
    priceId: "tokens_350",
    kind: "tokens",
    description: "350 tokens",
    amountCents: 2997,
    currency: "usd",
  },
  successUrl: "https://reverie.example/checkout/return?order=1",
  cancelUrl: "https://reverie.example/checkout",
  ...overrides,
});

const plan = (
  period: { unit: "day" | "month" | "year"; count: number },
  overrides: Partial<CheckoutRequest> = {},
) =>
  tokens({
    item: {
      priceId: "premium",
      kind: "subscription",
      description: "Reverie Premium",
      amountCents: 1299,
      currency: "EUR",
      period,
    },
    ...overrides,
  });

/**
 * Runs `use` with a fake Verotel of its own that sends its postbacks to a fake app (answering OK),
 * and a provider for that Verotel (with its Control Center API when `controlCenter`); closes both after.
 */
async function withPostbacksToApp(
  options: { controlCenter: boolean },
  use: (setup: {
    app: Awaited<ReturnType<typeof startFakeUpstream>>;
    verotel: FakeVerotel;
    payments: VerotelProvider;
  }) => Promise<void>,
) {
  const app = await startFakeUpstream((_req, res) =>
    res.writeHead(200, { "content-type": "text/plain" }).end("OK"),
  );
  const verotel = await startFakeVerotel({ postbackUrl: `${app.url}/api/verotel/postback` });
  try {
    const payments = new VerotelProvider({
      shopId: verotel.shopId,
      signatureKey: verotel.signatureKey,
      baseUrl: verotel.baseUrl,
      ...(options.controlCenter ? { controlCenter: verotel.controlCenter } : {}),
    });
    await use({ app, verotel, payments });
  } finally {
    verotel.close();
    app.close();
  }
}

/** Opens the checkout's page on the fake (as the browser would), so the fake knows the order. */
async function startOrder(request: CheckoutRequest) {
  const start = await provider.startCheckout(request);
  const page = await fetch(start.url);
  expect(page.status).toBe(200);
  return start;
}

const asGet = (parameters: Record<string, string>): IncomingNotification => ({
  rawBody: Buffer.alloc(0),
  headers: {},
  query: parameters,
});

const eventsOf = async (parameters: Record<string, string>) =>
  (await provider.parseNotification(asGet(parameters))).events;

describe("amounts", () => {
  it("turns cents into FlexPay's nnn.nn and back without floating-point error", () => {
    expect(formatAmount(2997)).toBe("29.97");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(100)).toBe("1.00");
    expect(formatAmount(0)).toBe("0.00");
    expect(parseAmount("29.97")).toBe(2997);
    expect(parseAmount("9.9")).toBe(990);
    expect(parseAmount("10")).toBe(1000);
    expect(parseAmount("0.07")).toBe(7);
    for (let cents = 0; cents <= 100_000; cents += 1) {
      if (parseAmount(formatAmount(cents)) !== cents) throw new Error(`${cents} did not survive`);
    }
    for (const notAmount of ["", "1e3", "-1.00", "1.005", "1,00", "0x10"])
      expect(parseAmount(notAmount)).toBeNull();
    expect(() => formatAmount(12.5)).toThrow();
  });
});

describe("startCheckout", () => {
  it("builds a signed one-time purchase URL, our order id as referenceID", async () => {
    const request = tokens();
    const start = await provider.startCheckout(request);
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/startorder`);
    const parameters = Object.fromEntries(url.searchParams);
    expect(parameters).toEqual({
      version: "4",
      shopID: fake.shopId,
      type: "purchase",
      priceAmount: "29.97",
      priceCurrency: "USD",
      description: "350 tokens",
      referenceID: request.orderId,
      custom1: "user-7",
      email: "buyer@example.com",
      successURL: request.successUrl,
      declineURL: request.cancelUrl,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const signed = Object.fromEntries(
      Object.entries(parameters).filter(([name]) => SIGNED_REQUEST_PARAMETERS.has(name)),
    );
    expect(parameters.signature).toBe(flexPaySignature(fake.signatureKey, signed));
    expect(start.providerReference).toBe(request.orderId);
    expect((await fetch(start.url)).status).toBe(200);
    expect(fake.orders.get(request.orderId)?.status).toBe("pending");
  });

  it("builds a recurring subscription with the period as an ISO 8601 duration", async () => {
    const periods = [
      [{ unit: "month", count: 1 }, "P1M"],
      [{ unit: "month", count: 3 }, "P3M"],
      [{ unit: "year", count: 1 }, "P1Y"],
      [{ unit: "day", count: 7 }, "P7D"],
      [{ unit: "day", count: 30 }, "P30D"],
    ] as const;
    for (const [period, iso] of periods) {
      const request = plan(period);
      const start = await startOrder(request);
      const parameters = Object.fromEntries(new URL(start.url).searchParams);
      expect(parameters).toMatchObject({
        type: "subscription",
        subscriptionType: "recurring",
        period: iso,
        name: "Reverie Premium",
        priceAmount: "12.99",
        priceCurrency: "EUR",
        referenceID: request.orderId,
      });
      expect(parameters.description).toBeUndefined();
    }
  });

  it("changes a plan by upgrading the sale it replaces", async () => {
    const first = plan({ unit: "month", count: 1 });
    await startOrder(first);
    fake.approve(first.orderId);
    const saleId = fake.orders.get(first.orderId)?.saleID ?? "";
    const start = await startOrder(plan({ unit: "year", count: 1 }, { replacesSubscriptionId: saleId }));
    expect(Object.fromEntries(new URL(start.url).searchParams)).toMatchObject({
      type: "upgradesubscription",
      precedingSaleID: saleId,
      upgradeOption: "extend",
      period: "P1Y",
    });
  });

  it("is refused by FlexPay when a signed value is changed on the way", async () => {
    const url = new URL((await provider.startCheckout(tokens())).url);
    url.searchParams.set("priceAmount", "0.01");
    expect((await fetch(url)).status).toBe(400);
  });

  it("refuses a currency FlexPay does not sell in", async () => {
    await expect(
      provider.startCheckout(
        tokens({
          item: {
            priceId: "tokens_350",
            kind: "tokens",
            description: "350",
            amountCents: 100,
            currency: "JPY",
          },
        }),
      ),
    ).rejects.toThrow(/JPY/);
  });
});

describe("parseNotification", () => {
  it("turns a purchase postback into the payment of our order, answered OK", async () => {
    const request = tokens();
    await startOrder(request);
    const postback = fake.approve(request.orderId);
    const saleId = postback.saleID;
    const result = await provider.parseNotification(asGet(postback));
    expect(result.body).toBe("OK");
    expect(result.events).toEqual([
      {
        id: `verotel:${saleId}:paid`,
        type: "payment_succeeded",
        orderId: request.orderId,
        amountCents: 2997,
        currency: "USD",
      },
    ]);
  });

  it("reads a postback sent as a form-encoded POST body too", async () => {
    const request = tokens();
    await startOrder(request);
    const postback = fake.approve(request.orderId);
    const result = await provider.parseNotification({
      rawBody: Buffer.from(new URLSearchParams(postback).toString()),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      query: {},
    });
    expect(result.events).toMatchObject([{ type: "payment_succeeded", orderId: request.orderId }]);
  });

  it("maps each subscription postback to its event, one id per provider event and the same on a resend", async () => {
    const request = plan({ unit: "month", count: 1 });
    await startOrder(request);
    const initial = fake.approve(request.orderId);
    const saleId = initial.saleID ?? "";
    expect(await eventsOf(initial)).toEqual([
      {
        id: `verotel:${saleId}:paid`,
        type: "payment_succeeded",
        orderId: request.orderId,
        amountCents: 1299,
        currency: "EUR",
        subscription: {
          providerSubscriptionId: saleId,
          currentPeriodEnd: new Date(`${initial.nextChargeOn}T00:00:00Z`),
        },
      },
    ]);

    const rebill = fake.postback(request.orderId, "rebill");
    const renewed = await eventsOf(rebill);
    expect(renewed).toEqual([
      {
        id: `verotel:${saleId}:rebill:${rebill.transactionID}`,
        type: "subscription_renewed",
        providerSubscriptionId: saleId,
        currentPeriodEnd: new Date(`${rebill.nextChargeOn}T00:00:00Z`),
        amountCents: 1299,
        currency: "EUR",
      },
    ]);
    expect(await eventsOf(rebill)).toEqual(renewed);
    const nextRebill = await eventsOf(fake.postback(request.orderId, "rebill"));
    expect(nextRebill[0]?.id).not.toBe(renewed[0]?.id);

    const cancel = fake.postback(request.orderId, "cancel");
    const canceled = await eventsOf(cancel);
    expect(canceled).toEqual([
      {
        id: expect.stringMatching(new RegExp(`^verotel:${saleId}:cancel:`)),
        type: "subscription_canceled",
        providerSubscriptionId: saleId,
        endsAt: new Date(`${cancel.expiresOn}T00:00:00Z`),
      },
    ]);
    expect(await eventsOf(cancel)).toEqual(canceled);

    expect(await eventsOf(fake.postback(request.orderId, "uncancel"))).toEqual([]);

    const before = Date.now();
    const expired = await eventsOf(fake.postback(request.orderId, "expiry"));
    expect(expired).toMatchObject([{ type: "subscription_canceled", providerSubscriptionId: saleId }]);
    const endsAt = (expired[0] as { endsAt: Date }).endsAt.getTime();
    expect(endsAt).toBeGreaterThanOrEqual(before);
    expect(endsAt).toBeLessThanOrEqual(Date.now());
  });

  it("ends a subscription at once on a chargeback or a terminating credit; a token purchase's get no event", async () => {
    const subscription = plan({ unit: "month", count: 1 });
    await startOrder(subscription);
    const saleId = fake.approve(subscription.orderId).saleID;
    for (const event of ["chargeback", "credit"] as const) {
      const postback = fake.postback(subscription.orderId, event);
      expect(await eventsOf(postback)).toEqual([
        {
          id: `verotel:${saleId}:${event}:${postback.transactionID}`,
          type: "subscription_canceled",
          providerSubscriptionId: saleId,
          endsAt: expect.any(Date),
        },
      ]);
    }
    const partialCredit = { ...fake.postback(subscription.orderId, "credit"), subscriptionPhase: "normal" };
    expect(await eventsOf(fake.signedPostback(partialCredit))).toEqual([]);

    const purchase = tokens();
    await startOrder(purchase);
    fake.approve(purchase.orderId);
    expect(await eventsOf(fake.postback(purchase.orderId, "chargeback"))).toEqual([]);
    expect(await eventsOf(fake.postback(purchase.orderId, "credit"))).toEqual([]);
  });

  it("ends the replaced sale and pays the new one on an upgrade", async () => {
    const first = plan({ unit: "month", count: 1 });
    await startOrder(first);
    const oldSale = fake.approve(first.orderId).saleID;
    const upgrade = plan({ unit: "year", count: 1 }, { replacesSubscriptionId: oldSale });
    await startOrder(upgrade);
    const postback = fake.approve(upgrade.orderId);
    expect(await eventsOf(postback)).toEqual([
      {
        id: `verotel:${oldSale}:replaced`,
        type: "subscription_canceled",
        providerSubscriptionId: oldSale,
        endsAt: expect.any(Date),
      },
      expect.objectContaining({
        id: `verotel:${postback.saleID}:paid`,
        type: "payment_succeeded",
        orderId: upgrade.orderId,
        subscription: { providerSubscriptionId: postback.saleID, currentPeriodEnd: expect.any(Date) },
      }),
    ]);
  });

  it("answers OK with no events to a signed postback it has no use for", async () => {
    expect(
      await eventsOf(fake.signedPostback({ saleID: "1", type: "subscription", event: "extend" })),
    ).toEqual([]);
  });

  it("rejects a tampered, unsigned, SHA-1-signed or other shop's postback", async () => {
    const request = tokens();
    await startOrder(request);
    const postback = fake.approve(request.orderId);
    const rejected = async (parameters: Record<string, string>) =>
      expect(provider.parseNotification(asGet(parameters))).rejects.toBeInstanceOf(InvalidNotificationError);

    await rejected({ ...postback, priceAmount: "2997.00" });
    await rejected({ ...postback, referenceID: "someone-elses-order" });
    const { signature: _signature, ...unsigned } = postback;
    await rejected(unsigned);
    await rejected({ ...postback, signature: "fc63f38e2722d2e5bc4f2044ad3ffb2051e89643" });
    await rejected(signPostback(fake.signatureKey, { ...postback, shopID: "12345" }));
    await rejected(signPostback("another shop's key", postback));
  });

  it("rejects a signed postback that lacks what its event needs", async () => {
    await expect(
      provider.parseNotification(
        asGet(fake.signedPostback({ type: "subscription", event: "rebill", saleID: "5" })),
      ),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
  });
});

describe("checkoutStatus", () => {
  it("is pending until the buyer pays, then paid with the event the postback brings", async () => {
    const request = plan({ unit: "month", count: 1 });
    const start = await startOrder(request);
    const order = { orderId: request.orderId, providerReference: start.providerReference };
    expect(await provider.checkoutStatus(order)).toEqual({ status: "pending" });

    const postback = fake.approve(request.orderId);
    const status = await provider.checkoutStatus(order);
    expect(status).toEqual({ status: "paid", event: (await eventsOf(postback))[0] });
    expect(fake.requests.at(-1)?.path).toMatch(/^\/salestatus\?referenceID=/);
  });

  it("is failed once the payment was declined", async () => {
    const request = tokens();
    const start = await startOrder(request);
    fake.decline(request.orderId);
    expect(
      await provider.checkoutStatus({ orderId: request.orderId, providerReference: start.providerReference }),
    ).toEqual({
      status: "failed",
      event: {
        id: `verotel:${fake.orders.get(request.orderId)?.saleID}:declined`,
        type: "payment_failed",
        orderId: request.orderId,
        reason: "The payment was declined.",
      },
    });
  });

  it("fails with FlexPay's error when the request is not signed with the shop's key", async () => {
    const misconfigured = new VerotelProvider({
      shopId: fake.shopId,
      signatureKey: "wrong",
      baseUrl: fake.baseUrl,
    });
    await expect(
      misconfigured.checkoutStatus({ orderId: "order-x", providerReference: "order-x" }),
    ).rejects.toMatchObject({
      name: "VerotelError",
      retryable: false,
      message: expect.stringContaining("Invalid signature"),
    });
  });
});

describe("cancelSubscription", () => {
  it("stops the renewals through the Control Center API; the cancel postback then says when access ends", async () => {
    await withPostbacksToApp({ controlCenter: true }, async ({ app, verotel, payments }) => {
      const request = plan({ unit: "month", count: 1 });
      await fetch((await payments.startCheckout(request)).url);
      const initial = verotel.approve(request.orderId);
      const saleId = initial.saleID ?? "";

      expect(await payments.cancelSubscription(saleId)).toBeNull();
      expect(verotel.orders.get(request.orderId)?.cancelled).toBe(true);
      expect(verotel.requests.at(-1)).toEqual({ method: "POST", path: `/api/sale/${saleId}/cancel` });

      const delivered = new URL(app.recorded.at(-1)?.path ?? "", app.url);
      const { events } = await payments.parseNotification(asGet(Object.fromEntries(delivered.searchParams)));
      expect(events).toMatchObject([
        {
          type: "subscription_canceled",
          providerSubscriptionId: saleId,
          endsAt: new Date(`${initial.nextChargeOn}T00:00:00Z`),
        },
      ]);
      // asked again (a retry after a lost answer): Verotel says it is cancelled already, which is done
      expect(await payments.cancelSubscription(saleId)).toBeNull();
    });
  });

  it("fails for a sale Verotel does not know, and when the credentials are refused", async () => {
    await expect(provider.cancelSubscription("../order-1")).rejects.toBeInstanceOf(VerotelError);
    await expect(provider.cancelSubscription("404404")).rejects.toMatchObject({
      name: "VerotelError",
      retryable: false,
      message: expect.stringContaining("HTTP 404, Sale not found."),
    });
    const request = plan({ unit: "month", count: 1 });
    await startOrder(request);
    const saleId = fake.approve(request.orderId).saleID ?? "";
    const wrongPassword = new VerotelProvider({
      shopId: fake.shopId,
      signatureKey: fake.signatureKey,
      baseUrl: fake.baseUrl,
      controlCenter: { ...fake.controlCenter, password: "not-the-password" },
    });
    await expect(wrongPassword.cancelSubscription(saleId)).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining("HTTP 401"),
    });
    expect(fake.orders.get(request.orderId)?.cancelled).toBe(false);
  });

  it("without Control Center credentials, fails instead of pretending, and signs the subscriber's cancel page", async () => {
    const withoutApi = new VerotelProvider({
      shopId: fake.shopId,
      signatureKey: fake.signatureKey,
      baseUrl: fake.baseUrl,
    });
    expect(withoutApi.description).toContain("subscribers cancel on Verotel's page");
    const request = plan({ unit: "month", count: 1 });
    await startOrder(request);
    const saleId = fake.approve(request.orderId).saleID ?? "";
    await expect(withoutApi.cancelSubscription(saleId)).rejects.toMatchObject({
      name: "VerotelError",
      retryable: false,
      message: expect.stringContaining("Control Center API credentials"),
    });

    const pageUrl = withoutApi.cancelSubscriptionUrl(saleId);
    expect(pageUrl.startsWith(`${fake.baseUrl}/cancel-subscription?`)).toBe(true);
    const cancelPage = await fetch(pageUrl);
    expect(cancelPage.status).toBe(200);
    const confirm = /href="([^"]*\/fake\/cancel[^"]*)"/.exec(await cancelPage.text())?.[1] ?? "";
    expect((await fetch(`${fake.baseUrl}${confirm.replaceAll("&#38;", "&")}`)).status).toBe(200);
    expect(fake.orders.get(request.orderId)?.cancelled).toBe(true);

    const tampered = new URL(pageUrl);
    tampered.searchParams.set("saleID", String(Number(saleId) + 1));
    expect((await fetch(tampered)).status).toBe(400);
  });
});

describe("the fake's order page", () => {
  it("pays through its link: the postback reaches the postback URL and the buyer the success URL", async () => {
    await withPostbacksToApp({ controlCenter: false }, async ({ app, verotel, payments }) => {
      const request = tokens();
      const page = await (await fetch((await payments.startCheckout(request)).url)).text();
      const payLink = /href="([^"]*outcome=approve[^"]*)"/.exec(page)?.[1]?.replaceAll("&#38;", "&") ?? "";
      const paid = await fetch(`${verotel.baseUrl}${payLink}`, { redirect: "manual" });
      expect(paid.status).toBe(302);
      expect(paid.headers.get("location")).toBe(request.successUrl);

      const delivered = new URL(app.recorded[0]?.path ?? "", app.url);
      expect(delivered.pathname).toBe("/api/verotel/postback");
      const events = await payments.parseNotification(asGet(Object.fromEntries(delivered.searchParams)));
      expect(events.events).toMatchObject([
        { type: "payment_succeeded", orderId: request.orderId, amountCents: 2997 },
      ]);
    });
  });
});
