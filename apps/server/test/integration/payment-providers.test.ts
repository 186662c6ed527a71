import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSignedRequest } from "../../src/providers/payments/verotel/flexpay-signature.ts";
import { LedgerRepository } from "../../src/repositories/ledger.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-api.ts";
import { type FakeVerotel, startFakeVerotel } from "../fakes/verotel-flexpay.ts";
import * as accounts from "../helpers/accounts.ts";
import { fakePaymentEnv } from "../helpers/payment-env.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The Stripe Checkout and Verotel FlexPay paths end to end through the app's routes, with local
 * fakes of both providers: checkout pages, signed webhooks and postbacks, the browser's return,
 * renewals, failed renewals, cancelling and the end of a subscription.
 */

let t: TestApp;
let stripe: FakeStripe;
let verotel: FakeVerotel;
let postbackRecorder: Awaited<ReturnType<typeof startPostbackRecorder>>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  postbackRecorder = await startPostbackRecorder();
  verotel = await startFakeVerotel({ postbackUrl: postbackRecorder.url });
  t = await createTestApp({
    env: {
      ...fakePaymentEnv(stripe, verotel),
      VEROTEL_CONTROL_CENTER_USERNAME: verotel.controlCenter.username,
      VEROTEL_CONTROL_CENTER_PASSWORD: verotel.controlCenter.password,
      VEROTEL_CONTROL_CENTER_URL: verotel.controlCenter.baseUrl,
    },
  });
});
afterAll(async () => {
  await t?.close();
  stripe?.close();
  verotel?.close();
  postbackRecorder?.close();
});

/**
 * Where the fake Verotel sends the postbacks it makes on its own (the Control Center cancel):
 * kept here, then delivered to the app by the test, so every request to the app is an inject.
 */
async function startPostbackRecorder() {
  const received: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    received.push(new URL(req.url ?? "/", "http://127.0.0.1").searchParams);
    res.writeHead(200, { "content-type": "text/plain" }).end("OK");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`,
    received,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function signUp() {
  return accounts.signUp(t, { prefix: "provider-buyer", firstName: null });
}

type Buyer = Awaited<ReturnType<typeof signUp>>;

async function ledgerMatchesBalance(userId: string) {
  const ledger = new LedgerRepository(t.database.db);
  const { tokens } = await ledger.current(userId);
  expect(await ledger.sum(userId)).toBe(tokens);
  return tokens;
}

async function account(buyer: Buyer) {
  const { status, body } = await buyer.call("GET", "/api/user");
  expect(status).toBe(200);
  return body as { plan: string; tokens: number; payment_failed: boolean };
}

async function subscriptionOf(buyer: Buyer) {
  const { status, body } = await buyer.call("GET", "/api/payment/subscription");
  expect(status).toBe(200);
  return body.subscription as Record<string, unknown> | null;
}

/**
 * The order's status as recorded: PATCH /api/user/payment would ask the provider, and the history
 * leaves pending orders out.
 */
async function recordedStatus(orderId: string) {
  const order = await t.database.db
    .selectFrom("payment_orders")
    .select("status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return order.status;
}

function isoSeconds(unixSeconds: number) {
  return new Date(unixSeconds * 1000).toISOString();
}

describe("Stripe Checkout", () => {
  async function startStripeCheckout(buyer: Buyer, priceId: string) {
    const { status, body } = await buyer.call("POST", "/api/stripe/create-session", { price_id: priceId });
    expect(status).toBe(200);
    expect(body.provider).toBe("stripe");
    const url = body.url as string;
    expect(url.startsWith(`${stripe.apiBase}/c/pay/`)).toBe(true);
    const sessionId = url.slice(`${stripe.apiBase}/c/pay/`.length);
    return { orderId: body.order_id as string, sessionId };
  }

  function deliverWebhook(delivery: { rawBody: Buffer; headers: Record<string, string> }) {
    return t.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/stripe",
      headers: delivery.headers,
      payload: delivery.rawBody,
    });
  }

  async function deliverAccepted(delivery: { rawBody: Buffer; headers: Record<string, string> }) {
    const answer = await deliverWebhook(delivery);
    expect(answer.statusCode, answer.body).toBe(200);
  }

  it("sells tokens: a payment-mode session for the price, credited once however often the webhook comes", async () => {
    const buyer = await signUp();
    const { orderId, sessionId } = await startStripeCheckout(buyer, "tokens_350");
    expect(stripe.session(sessionId)).toMatchObject({
      mode: "payment",
      amount_total: 2999,
      currency: "usd",
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      status: "open",
    });

    stripe.pay(sessionId);
    const completed = stripe.signedEvent("checkout.session.completed", stripe.session(sessionId));
    for (let delivery = 0; delivery < 3; delivery += 1) await deliverAccepted(completed);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(350);

    const statusChecksBefore = stripe.requests.filter((request) => request.method === "GET").length;
    const back = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(back.status).toBe(200);
    expect(back.body.order).toMatchObject({ id: orderId, status: "paid", provider: "stripe", tokens: 350 });
    expect(back.body.user).toMatchObject({ tokens: 350, plan: "free" });
    // a paid order is answered from our records, without asking Stripe again
    expect(stripe.requests.filter((request) => request.method === "GET")).toHaveLength(statusChecksBefore);
  });

  it("credits on the browser's return by asking Stripe, and the later webhook adds nothing", async () => {
    const buyer = await signUp();
    const { orderId, sessionId } = await startStripeCheckout(buyer, "tokens_100");
    const unpaid = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(unpaid.body.order).toMatchObject({ status: "pending" });

    stripe.pay(sessionId);
    const paid = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(paid.body.order).toMatchObject({ status: "paid" });
    expect(paid.body.user).toMatchObject({ tokens: 100 });
    expect(
      stripe.requests.some(
        (request) => request.method === "GET" && request.path === `/v1/checkout/sessions/${sessionId}`,
      ),
    ).toBe(true);

    await deliverAccepted(stripe.signedEvent("checkout.session.completed", stripe.session(sessionId)));
    expect(await ledgerMatchesBalance(buyer.id)).toBe(100);
  });

  it("runs a subscription: premium with its tokens, renewals once per period, a failed renewal, cancel, end", async () => {
    const buyer = await signUp();
    const { orderId, sessionId } = await startStripeCheckout(buyer, "premium_1_month");
    expect(stripe.session(sessionId)).toMatchObject({
      mode: "subscription",
      amount_total: 1299,
      metadata: { order_id: orderId },
    });
    const started = stripe.pay(sessionId);
    if (!started) throw new Error("paying a subscription session starts a subscription");
    expect(started.metadata).toEqual({ order_id: orderId });

    await deliverAccepted(stripe.signedEvent("checkout.session.completed", stripe.session(sessionId)));
    expect(await account(buyer)).toMatchObject({ plan: "premium", tokens: 100, payment_failed: false });
    expect(await subscriptionOf(buyer)).toMatchObject({
      plan_id: "premium_1_month",
      provider: "stripe",
      status: "active",
      cancel_at_period_end: false,
      current_period_end: isoSeconds(started.items.data[0]?.current_period_end ?? 0),
    });

    const renewal = stripe.renew(started.id);
    expect(renewal.billing_reason).toBe("subscription_cycle");
    const paidInvoice = stripe.signedEvent("invoice.paid", renewal);
    await deliverAccepted(paidInvoice);
    await deliverAccepted(paidInvoice);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(200);
    const renewedUntil = stripe.subscription(started.id).items.data[0]?.current_period_end ?? 0;
    expect(await subscriptionOf(buyer)).toMatchObject({
      status: "active",
      current_period_end: isoSeconds(renewedUntil),
    });

    await deliverAccepted(stripe.signedEvent("invoice.payment_failed", stripe.failRenewal(started.id)));
    expect(await account(buyer)).toMatchObject({ plan: "premium", payment_failed: true, tokens: 200 });
    expect(await subscriptionOf(buyer)).toMatchObject({ status: "past_due" });

    const canceled = await buyer.call("POST", "/api/payment/cancel");
    expect(canceled.status).toBe(200);
    expect(canceled.body.subscription).toMatchObject({ status: "canceled", cancel_at_period_end: true });
    const atStripe = stripe.subscription(started.id);
    expect(atStripe.cancel_at_period_end).toBe(true);
    expect((canceled.body.subscription as Record<string, unknown>).current_period_end).toBe(
      isoSeconds(atStripe.cancel_at ?? 0),
    );
    // Stripe confirms the cancel with an update event: it agrees, and changes nothing
    await deliverAccepted(
      stripe.signedEvent("customer.subscription.updated", atStripe, {
        previousAttributes: { cancel_at_period_end: false, cancel_at: null },
      }),
    );
    expect(await subscriptionOf(buyer)).toMatchObject({ status: "canceled", cancel_at_period_end: true });
    expect(await account(buyer)).toMatchObject({ plan: "premium" });

    await deliverAccepted(
      stripe.signedEvent("customer.subscription.deleted", stripe.endSubscription(started.id)),
    );
    expect(await account(buyer)).toMatchObject({ plan: "free", payment_failed: false, tokens: 200 });
    expect(await subscriptionOf(buyer)).toBeNull();
    expect(await ledgerMatchesBalance(buyer.id)).toBe(200);
  });

  it("refuses a webhook with a bad signature or signed over 300 s ago with 400, crediting nothing", async () => {
    const buyer = await signUp();
    const { orderId, sessionId } = await startStripeCheckout(buyer, "tokens_550");
    stripe.pay(sessionId);
    const session = stripe.session(sessionId);

    const forged = await deliverWebhook(
      stripe.signedEvent("checkout.session.completed", session, { secret: "whsec_not_the_endpoints" }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: "invalid_notification" });

    const delivery = stripe.signedEvent("checkout.session.completed", session);
    const cheaper = delivery.rawBody.toString("utf8").replace('"amount_total": 4499', '"amount_total": 1');
    expect(cheaper).not.toBe(delivery.rawBody.toString("utf8"));
    const tampered = await deliverWebhook({ ...delivery, rawBody: Buffer.from(cheaper) });
    expect(tampered.statusCode).toBe(400);

    const old = await deliverWebhook(
      stripe.signedEvent("checkout.session.completed", session, {
        timestamp: Math.floor(Date.now() / 1000) - 301,
      }),
    );
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: "invalid_notification" });

    expect(await recordedStatus(orderId)).toBe("pending");
    expect(await ledgerMatchesBalance(buyer.id)).toBe(0);
  });
});

describe("Verotel FlexPay", () => {
  /** The popup's signed startorder URL, opened at the fake as the browser would. */
  async function openPopup(buyer: Buyer, priceId: string) {
    const { status, body } = await buyer.call("GET", `/api/user/payment_popup?price_id=${priceId}`);
    expect(status).toBe(200);
    const url = new URL(body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${verotel.baseUrl}/startorder`);
    const parameters = Object.fromEntries(url.searchParams);
    expect(isSignedRequest(verotel.signatureKey, parameters)).toBe(true);
    expect(parameters).toMatchObject({ version: "4", shopID: verotel.shopId, custom1: buyer.id });
    const page = await fetch(url);
    expect(page.status, await page.text()).toBe(200);
    return { orderId: parameters.referenceID as string, parameters };
  }

  function deliverPostback(parameters: Record<string, string> | URLSearchParams) {
    return t.app.inject({
      method: "GET",
      url: `/api/payments/postbacks/verotel?${new URLSearchParams(parameters)}`,
    });
  }

  async function deliverAccepted(parameters: Record<string, string> | URLSearchParams) {
    const answer = await deliverPostback(parameters);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe("OK");
  }

  it("sells tokens through the popup: the signed postback credits once, and answers OK", async () => {
    const buyer = await signUp();
    const { orderId, parameters } = await openPopup(buyer, "tokens_100");
    expect(parameters).toMatchObject({ type: "purchase", priceAmount: "9.99", priceCurrency: "USD" });

    const approved = verotel.approve(orderId);
    await deliverAccepted(approved);
    await deliverAccepted(approved);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(100);
    const back = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(back.body.order).toMatchObject({ status: "paid", provider: "verotel", tokens: 100 });
    expect(back.body.user).toMatchObject({ tokens: 100 });
  });

  it("credits on the browser's return by asking FlexPay's sale status; the postback, even as a form POST, adds nothing", async () => {
    const buyer = await signUp();
    const { orderId } = await openPopup(buyer, "tokens_350");
    const unpaid = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(unpaid.body.order).toMatchObject({ status: "pending" });

    const approved = verotel.approve(orderId);
    const paid = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(paid.body.order).toMatchObject({ status: "paid" });
    expect(paid.body.user).toMatchObject({ tokens: 350 });
    expect(verotel.requests.some((request) => request.path.startsWith("/salestatus?"))).toBe(true);

    const posted = await t.app.inject({
      method: "POST",
      url: "/api/payments/postbacks/verotel",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(approved).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toBe("OK");
    await deliverAccepted(approved);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(350);
  });

  it("refuses a tampered postback with 400 and credits nothing", async () => {
    const buyer = await signUp();
    const { orderId } = await openPopup(buyer, "tokens_550");
    const approved = verotel.approve(orderId);

    const cheaper = await deliverPostback({ ...approved, priceAmount: "0.01" });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json()).toMatchObject({ error: "invalid_notification" });
    const { signature: _signature, ...unsigned } = approved;
    expect((await deliverPostback(unsigned)).statusCode).toBe(400);
    expect(await recordedStatus(orderId)).toBe("pending");
    expect(await ledgerMatchesBalance(buyer.id)).toBe(0);

    await deliverAccepted(approved);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(550);
  });

  it("runs a subscription: premium from the initial postback, rebills, a Control Center cancel, expiry", async () => {
    const buyer = await signUp();
    const { orderId, parameters } = await openPopup(buyer, "premium_1_month");
    expect(parameters).toMatchObject({
      type: "subscription",
      subscriptionType: "recurring",
      period: "P1M",
      priceAmount: "12.99",
    });

    const initial = verotel.approve(orderId);
    await deliverAccepted(initial);
    await deliverAccepted(initial);
    expect(await account(buyer)).toMatchObject({ plan: "premium", tokens: 100 });
    expect(await subscriptionOf(buyer)).toMatchObject({
      plan_id: "premium_1_month",
      provider: "verotel",
      status: "active",
      current_period_end: `${initial.nextChargeOn}T00:00:00.000Z`,
    });

    const rebill = verotel.postback(orderId, "rebill");
    await deliverAccepted(rebill);
    await deliverAccepted(rebill);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(200);
    expect(await subscriptionOf(buyer)).toMatchObject({
      status: "active",
      current_period_end: `${rebill.nextChargeOn}T00:00:00.000Z`,
    });

    const saleId = verotel.orders.get(orderId)?.saleID;
    const recordedBefore = postbackRecorder.received.length;
    const canceled = await buyer.call("POST", "/api/payment/cancel");
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.subscription).toMatchObject({ status: "canceled", cancel_at_period_end: true });
    expect(verotel.requests).toContainEqual({ method: "POST", path: `/api/sale/${saleId}/cancel` });
    expect(verotel.orders.get(orderId)?.cancelled).toBe(true);

    const cancelPostbacks = postbackRecorder.received.slice(recordedBefore);
    expect(cancelPostbacks).toHaveLength(1);
    const cancelPostback = cancelPostbacks[0] as URLSearchParams;
    expect(cancelPostback.get("event")).toBe("cancel");
    await deliverAccepted(cancelPostback);
    expect(await subscriptionOf(buyer)).toMatchObject({
      status: "canceled",
      cancel_at_period_end: true,
      current_period_end: `${cancelPostback.get("expiresOn")}T00:00:00.000Z`,
    });
    expect(await account(buyer)).toMatchObject({ plan: "premium", tokens: 200 });
    // cancelling again changes nothing and does not call Verotel again
    expect((await buyer.call("POST", "/api/payment/cancel")).status).toBe(200);
    expect(verotel.requests.filter((request) => request.method === "POST")).toHaveLength(1);

    await deliverAccepted(verotel.postback(orderId, "expiry"));
    expect(await account(buyer)).toMatchObject({ plan: "free", tokens: 200 });
    expect(await subscriptionOf(buyer)).toBeNull();
    expect(await ledgerMatchesBalance(buyer.id)).toBe(200);
  });
});
