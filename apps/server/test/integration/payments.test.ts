import { type SocketEvent, userSchema } from "@reverie/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAuthSecret } from "../../src/auth/secret.ts";
import { loadConfig } from "../../src/config.ts";
import { createPaymentProviders } from "../../src/providers/payments/index.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { LedgerRepository } from "../../src/repositories/ledger.ts";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import * as accounts from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

let t: TestApp;
const bus = new MemoryEventBus();

beforeAll(async () => {
  t = await createTestApp({ bus });
});
afterAll(async () => {
  await t.close();
});

/** The billing service and the test checkout's signing, on the app's database and with its secret. */
const services = () => ({
  billing: new BillingService({ db: t.database.db }),
  paymentProviders: createPaymentProviders(
    loadConfig({ NODE_ENV: "test", DATA_DIR: t.workDir }),
    loadAuthSecret(undefined, t.workDir),
  ),
});

async function signUp() {
  const user = await accounts.signUp(t, { prefix: "buyer", firstName: null });
  const events: SocketEvent[] = [];
  bus.subscribe(user.id, (event) => events.push(event));
  return { ...user, events };
}

type Buyer = Awaited<ReturnType<typeof signUp>>;

const CARD = { expiry: "12/39", cvc: "123", name: "Test Buyer" };

/** Waits until the order has left `pending` (the signed event travels through the job queue). */
async function settled(buyer: Buyer, orderId: string) {
  return eventually(
    async () => {
      const { status, body } = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
      expect(status).toBe(200);
      return body as { order: Record<string, unknown>; user: Record<string, unknown> };
    },
    { until: (body) => body.order.status !== "pending", what: `order ${orderId} to leave pending` },
  );
}

async function buyWithCard(buyer: Buyer, priceId: string, card = "4242 4242 4242 4242") {
  const session = await buyer.call("POST", "/api/stripe/create-session", { price_id: priceId });
  expect(session.status).toBe(200);
  const orderId = session.body.order_id as string;
  // a path: the test checkout is this app's page, on whatever address the browser opened it by
  expect(session.body.url).toBe(`/pay/${orderId}`);
  const page = await buyer.call("GET", `/api/test-checkout/${orderId}`);
  expect(page.body).toMatchObject({
    return_url: `/checkout?order=${orderId}&status=success`,
    cancel_url: `/checkout?order=${orderId}&status=canceled`,
  });
  const paid = await buyer.call("POST", `/api/test-checkout/${orderId}/pay`, { ...CARD, card_number: card });
  expect(paid.status).toBe(200);
  return { orderId, result: paid.body };
}

async function ledgerMatchesBalance(userId: string) {
  const ledger = new LedgerRepository(t.database.db);
  const { tokens } = await ledger.current(userId);
  expect(await ledger.sum(userId)).toBe(tokens);
  expect(tokens).toBeGreaterThanOrEqual(0);
  return tokens;
}

describe("buying tokens at the built-in test checkout", () => {
  it("credits the package once the signed event arrives, and tells the user's tabs", async () => {
    const buyer = await signUp();
    const { orderId, result } = await buyWithCard(buyer, "tokens_350");
    expect(result).toMatchObject({
      outcome: "approved",
      redirect_url: expect.stringContaining(`order=${orderId}`),
    });
    const done = await settled(buyer, orderId);
    expect(done.order).toMatchObject({ status: "paid", tokens: 350, amount_cents: 2999, provider: "test" });
    expect(userSchema.parse(done.user).tokens).toBe(350);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(350);
    expect(buyer.events).toContainEqual(
      expect.objectContaining({ action: "user_update", reason: "tokens_added" }),
    );
    const balance = await buyer.call("GET", "/api/subscriptions/tokens");
    expect(balance.body).toEqual({ current_tokens: 350 });
    const statement = await buyer.call("GET", "/api/user/ledger");
    expect(statement.body).toMatchObject({
      total_count: 1,
      items: [{ delta: 350, balance_after: 350, reason: "purchase", description: "Bought 350 tokens" }],
    });
    const history = await buyer.call("GET", "/api/payment/history");
    expect(history.body.orders).toEqual([expect.objectContaining({ id: orderId, status: "paid" })]);
  });

  it("shows a declined card as failed and credits nothing; another card may still pay", async () => {
    const buyer = await signUp();
    const { orderId, result } = await buyWithCard(buyer, "tokens_100", "4000 0000 0000 0002");
    expect(result).toMatchObject({ outcome: "declined", redirect_url: null });
    const failed = await settled(buyer, orderId);
    expect(failed.order).toMatchObject({
      status: "failed",
      failure_reason: expect.stringContaining("declined"),
    });
    expect(await ledgerMatchesBalance(buyer.id)).toBe(0);

    const retry = await buyer.call("POST", `/api/test-checkout/${orderId}/pay`, {
      ...CARD,
      card_number: "4242424242424242",
    });
    expect(retry.body.outcome).toBe("approved");
    await expect.poll(() => ledgerMatchesBalance(buyer.id), { timeout: 20_000 }).toBe(100);
  });

  it("asks for the extra verification step, and refuses a wrong code", async () => {
    const buyer = await signUp();
    const { orderId, result } = await buyWithCard(buyer, "tokens_100", "4000 0000 0000 3220");
    expect(result.outcome).toBe("verification_required");
    const wrong = await buyer.call("POST", `/api/test-checkout/${orderId}/pay`, {
      ...CARD,
      card_number: "4000000000003220",
      verification_code: "000000",
    });
    expect(wrong.body.outcome).toBe("verification_failed");
    const right = await buyer.call("POST", `/api/test-checkout/${orderId}/pay`, {
      ...CARD,
      card_number: "4000000000003220",
      verification_code: "123456",
    });
    expect(right.body.outcome).toBe("approved");
    expect((await settled(buyer, orderId)).order.status).toBe("paid");
  });

  it("returns only to a path of this app: a tab, a backslash or a second slash that a browser would take elsewhere is refused", async () => {
    const buyer = await signUp();
    for (const return_path of ["/\t/evil.example", "/\n/evil.example", "//evil.example", "/\\evil.example"]) {
      const session = await buyer.call("POST", "/api/stripe/create-session", {
        price_id: "tokens_100",
        return_path,
      });
      expect(session.status, JSON.stringify(return_path)).toBe(400);
      const popup = await buyer.call(
        "GET",
        `/api/user/payment_popup?price_id=tokens_100&return_path=${encodeURIComponent(return_path)}`,
      );
      expect(popup.status, JSON.stringify(return_path)).toBe(400);
    }
    const fine = await buyer.call("POST", "/api/stripe/create-session", {
      price_id: "tokens_100",
      return_path: "/chat/3?from=checkout",
    });
    expect(fine.status).toBe(200);
  });

  it("refuses unknown price ids, amounts from the browser, and other users' orders", async () => {
    const buyer = await signUp();
    const other = await signUp();
    expect(
      (await buyer.call("POST", "/api/stripe/create-session", { price_id: "tokens_999999" })).status,
    ).toBe(400);
    expect(
      (await buyer.call("POST", "/api/stripe/create-session", { price_id: "tokens_100", amount_cents: 1 }))
        .status,
    ).toBe(400);
    const forged = await buyer.call("PATCH", "/api/user/payment", { tokens: 5000 });
    expect(forged.status).toBe(400);
    const plan = await buyer.call("PATCH", "/api/user/payment", { plan: "premium" });
    expect(plan.status).toBe(400);
    const session = await buyer.call("POST", "/api/stripe/create-session", { price_id: "tokens_100" });
    const orderId = session.body.order_id as string;
    expect((await other.call("PATCH", "/api/user/payment", { order_id: orderId })).status).toBe(404);
    expect((await other.call("GET", `/api/test-checkout/${orderId}`)).status).toBe(404);
    const unpaid = await buyer.call("PATCH", "/api/user/payment", { order_id: orderId });
    expect(unpaid.body.order).toMatchObject({ status: "pending" });
    expect(await ledgerMatchesBalance(buyer.id)).toBe(0);
    expect((await buyer.call("GET", "/api/user")).body).toMatchObject({ plan: "free", tokens: 0 });
  });
});

describe("provider notifications", () => {
  const testProvider = () => services().paymentProviders.test;

  async function pendingOrder(buyer: Buyer, priceId = "tokens_550") {
    const session = await buyer.call("POST", "/api/stripe/create-session", { price_id: priceId });
    return session.body.order_id as string;
  }

  function webhook(notification: { rawBody: Buffer; headers: Record<string, unknown> }) {
    return t.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/test",
      headers: notification.headers as Record<string, string>,
      payload: notification.rawBody,
    });
  }

  it("refuses a bad signature and an old timestamp with 400, crediting nothing", async () => {
    const buyer = await signUp();
    const orderId = await pendingOrder(buyer);
    const event = {
      id: `evt_${orderId}`,
      type: "payment_succeeded" as const,
      orderId,
      amountCents: 4499,
      currency: "usd",
    };
    const signed = testProvider().sign(event);
    const tampered = { ...signed, rawBody: Buffer.from(signed.rawBody.toString().replace("4499", "4498")) };
    expect((await webhook(tampered)).statusCode).toBe(400);
    const old = testProvider().sign(event, new Date(Date.now() - 301_000));
    const refused = await webhook(old);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "invalid_notification" });
    expect(await ledgerMatchesBalance(buyer.id)).toBe(0);
  });

  it("applies the same event delivered 50 times at once exactly once", async () => {
    const buyer = await signUp();
    const orderId = await pendingOrder(buyer);
    const signed = testProvider().sign({
      id: `evt_once_${orderId}`,
      type: "payment_succeeded",
      orderId,
      amountCents: 4499,
      currency: "usd",
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(signed)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(await ledgerMatchesBalance(buyer.id)).toBe(550);
    // a different event reporting the same order paid credits nothing more
    const again = testProvider().sign({
      id: `evt_other_${orderId}`,
      type: "payment_succeeded",
      orderId,
      amountCents: 4499,
      currency: "usd",
    });
    expect((await webhook(again)).statusCode).toBe(200);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(550);
  });

  it("does not credit an event whose amount differs from the order's price", async () => {
    const buyer = await signUp();
    const orderId = await pendingOrder(buyer);
    const signed = testProvider().sign({
      id: `evt_cheap_${orderId}`,
      type: "payment_succeeded",
      orderId,
      amountCents: 1,
      currency: "usd",
    });
    expect((await webhook(signed)).statusCode).toBe(200);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(0);
  });
});

describe("premium", () => {
  it("starts premium with its tokens, renews once per period, and cancels at the period's end", async () => {
    const buyer = await signUp();
    const { orderId } = await buyWithCard(buyer, "premium_1_month");
    const done = await settled(buyer, orderId);
    expect(done.user).toMatchObject({ plan: "premium", tokens: 100, payment_failed: false });
    const { body } = await buyer.call("GET", "/api/payment/subscription");
    const subscription = body.subscription as Record<string, unknown>;
    expect(subscription).toMatchObject({
      plan_id: "premium_1_month",
      status: "active",
      cancel_at_period_end: false,
    });

    // buying a plan while premium is refused
    expect(
      (await buyer.call("POST", "/api/stripe/create-session", { price_id: "premium_3_months" })).status,
    ).toBe(409);

    const provider = services().paymentProviders.test;
    const renewal = {
      id: `renewal_${orderId}`,
      type: "subscription_renewed" as const,
      providerSubscriptionId: `test_sub_${orderId}`,
      currentPeriodEnd: new Date(Date.now() + 60 * 24 * 3600_000),
      amountCents: 1299,
      currency: "usd",
    };
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const signed = provider.sign(renewal);
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/payments/webhooks/test",
        headers: signed.headers as Record<string, string>,
        payload: signed.rawBody,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await ledgerMatchesBalance(buyer.id)).toBe(200);

    const failedRenewal = provider.sign({
      id: `renewal_failed_${orderId}`,
      type: "subscription_renewal_failed",
      providerSubscriptionId: `test_sub_${orderId}`,
      reason: "Your card was declined.",
    });
    await t.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/test",
      headers: failedRenewal.headers as Record<string, string>,
      payload: failedRenewal.rawBody,
    });
    expect((await buyer.call("GET", "/api/user")).body).toMatchObject({
      plan: "premium",
      payment_failed: true,
    });
    const update = await buyer.call("POST", "/api/payment/update");
    expect(update.status).toBe(200);
    expect(update.body.url).toMatch(/\/pay\//);

    const canceled = await buyer.call("POST", "/api/payment/cancel");
    expect(canceled.body.subscription).toMatchObject({ status: "canceled", cancel_at_period_end: true });
    expect((await buyer.call("POST", "/api/payment/cancel")).status).toBe(200);
    expect((await buyer.call("GET", "/api/user")).body).toMatchObject({ plan: "premium" });
  });

  it("lists the Facebook plans and the empty discount list", async () => {
    expect((await t.get("/api/subscriptions/plans?variant=facebook")).body.plans).toHaveLength(2);
    expect((await t.get("/api/subscriptions/plans?variant=discount")).body.plans).toEqual([]);
    expect((await t.get("/api/subscriptions/plans?variant=nope")).status).toBe(400);
  });
});

describe("bundles bought with tokens", () => {
  async function richBuyer(tokens: number) {
    const buyer = await signUp();
    await t.database.db.transaction().execute((trx) =>
      services().billing.grant(trx, {
        userId: buyer.id,
        amount: tokens,
        reason: "grant",
        reference: `seed:${buyer.id}`,
      }),
    );
    return buyer;
  }

  it("spends once for two concurrent purchases of one bundle", async () => {
    const bundle = await t.database.db
      .selectFrom("bundles")
      .select(["id", "price_tokens"])
      .executeTakeFirstOrThrow();
    const buyer = await richBuyer(bundle.price_tokens * 3);
    const [first, second] = await Promise.all([
      buyer.call("POST", `/api/bundles/${bundle.id}/payment`),
      buyer.call("POST", `/api/bundles/${bundle.id}/payment`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.already_owned, second.body.already_owned].sort()).toEqual([false, true]);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(bundle.price_tokens * 2);
  });

  it("shows a bought bundle unlocked to its buyer only, by signed URLs, and never from the shared cache", async () => {
    const bundle = await t.database.db
      .selectFrom("bundles")
      .select(["id", "price_tokens"])
      .executeTakeFirstOrThrow();
    const buyer = await richBuyer(bundle.price_tokens);
    const stranger = await signUp();
    const items = async (as?: Buyer) => {
      const reply = await t.app.inject({
        method: "GET",
        url: `/api/bundles/${bundle.id}/items`,
        ...(as ? { headers: { authorization: `Bearer ${as.token}` } } : {}),
      });
      return {
        cacheControl: reply.headers["cache-control"],
        vary: String(reply.headers.vary),
        items: (reply.json() as { items: { locked: boolean; url: string }[] }).items,
      };
    };
    const before = await items(buyer);
    expect(before.items.every((item) => item.locked)).toBe(true);
    expect(before.cacheControl).toBe("private, no-store");
    expect((await buyer.call("POST", `/api/bundles/${bundle.id}/payment`)).status).toBe(200);
    const mine = await items(buyer);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item) => !item.locked && item.url.startsWith("/media-private/"))).toBe(true);
    // the signed link serves the file itself (this test app renders no media: one is stored here)
    const first = await t.database.db
      .selectFrom("media")
      .select("file_key")
      .where("bundle_id", "=", bundle.id)
      .where("id", "=", (mine.items[0] as unknown as { id: number }).id)
      .executeTakeFirstOrThrow();
    await t.storage.put(first.file_key, Buffer.from("RIFF....WEBPVP8 "));
    const file = await t.app.inject({ method: "GET", url: mine.items[0]?.url ?? "" });
    expect(file.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: "GET",
      url: (mine.items[0]?.url ?? "").replace("signature=", "signature=x"),
    });
    expect(forged.statusCode).not.toBe(200);
    const shared = await items();
    expect(shared.items.every((item) => item.locked)).toBe(true);
    expect(shared.cacheControl).toMatch(/^public/);
    expect(shared.vary).toContain("authorization");
    expect((await items(stranger)).items.every((item) => item.locked)).toBe(true);
  });

  it("answers 402 without enough tokens, and 404 for an unknown bundle", async () => {
    const bundle = await t.database.db
      .selectFrom("bundles")
      .select(["id", "price_tokens"])
      .executeTakeFirstOrThrow();
    const buyer = await richBuyer(bundle.price_tokens - 1);
    const poor = await buyer.call("POST", `/api/bundles/${bundle.id}/payment`);
    expect(poor.status).toBe(402);
    expect(poor.body).toMatchObject({ error: "insufficient_balance" });
    expect((await buyer.call("POST", "/api/bundles/999999/payment")).status).toBe(404);
    expect(await ledgerMatchesBalance(buyer.id)).toBe(bundle.price_tokens - 1);
  });
});

describe("the ledger under random concurrent changes", () => {
  it("keeps the balance equal to the ledger's sum and never below zero", async () => {
    const buyer = await signUp();
    const billing = services().billing;
    let reference = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom("spend", "credit", "refund"),
            amount: fc.integer({ min: 1, max: 40 }),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        async (changes) => {
          await Promise.all(
            changes.map((change) => {
              reference += 1;
              const ref = `property:${buyer.id}:${reference}`;
              return t.database.db.transaction().execute((trx) =>
                change.kind === "spend"
                  ? billing.spend(trx, {
                      userId: buyer.id,
                      amount: change.amount,
                      reason: "message",
                      reference: ref,
                    })
                  : billing.grant(trx, {
                      userId: buyer.id,
                      amount: change.amount,
                      reason: change.kind === "credit" ? "purchase" : "refund",
                      reference: ref,
                    }),
              );
            }),
          );
          await ledgerMatchesBalance(buyer.id);
        },
      ),
      { numRuns: 15 },
    );
  });
});
