import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountDataRepository } from "../../src/repositories/account-data.ts";
import { LedgerRepository } from "../../src/repositories/ledger.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { auditEntriesFor, createStaffApp } from "../helpers/admin.ts";
import { buyAtTestCheckout, DECLINED_CARD } from "../helpers/admin-payments.ts";
import type { TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  ({ t, admin, moderator } = await createStaffApp());
});
afterAll(async () => {
  await t.close();
});

async function balanceOf(account: TestAccount) {
  const ledger = new LedgerRepository(t.database.db);
  const { tokens } = await ledger.current(account.id);
  // the ledger always explains the balance
  expect(await ledger.sum(account.id)).toBe(tokens);
  return tokens;
}

async function spend(account: TestAccount, amount: number) {
  await t.database.db.transaction().execute(async (trx) => {
    await new LedgerRepository(trx).debit({
      userId: account.id,
      amount,
      reason: "unlock",
      reference: `test-spend:${account.id}:${amount}`,
    });
  });
}

/** `by` asks to refund the order. */
const refundOrder = (by: TestAccount, orderId: string, body: { reason: string; partial_tokens?: boolean }) =>
  by.call("POST", `/api/admin/payments/orders/${orderId}/refund`, body);

/** The account's ledger rows, oldest first. */
const ledgerOf = (account: TestAccount) =>
  t.database.db
    .selectFrom("token_ledger")
    .select(["delta", "reason"])
    .where("user_id", "=", account.id)
    .orderBy("id")
    .execute();

/** The statuses of the account's subscriptions. */
const subscriptionStatusesOf = async (account: TestAccount) =>
  (
    await t.database.db
      .selectFrom("subscriptions")
      .select("status")
      .where("user_id", "=", account.id)
      .execute()
  ).map((row) => row.status);

describe("the Payments screen's lists", () => {
  it("shows provider events with status, amount and user, failures, and subscriptions", async () => {
    const buyer = await signUp(t);
    const subscriber = await signUp(t);
    const { orderId: paidId } = await buyAtTestCheckout(buyer, "tokens_100");
    const { orderId: failedId } = await buyAtTestCheckout(buyer, "tokens_350", DECLINED_CARD);
    await buyAtTestCheckout(subscriber, "premium_1_month");

    const events = await moderator.call("GET", "/api/admin/payments/events?limit=50");
    expect(events.status).toBe(200);
    const byOrder = (id: string) =>
      events.body.items.find((event: { order_id: string }) => event.order_id === id);
    expect(byOrder(paidId)).toMatchObject({
      provider: "test",
      type: "payment_succeeded",
      status: "paid",
      amount_cents: 999,
      currency: "usd",
      user: { id: buyer.id, email: buyer.email },
    });
    expect(byOrder(failedId)).toMatchObject({
      type: "payment_failed",
      status: "failed",
      amount_cents: 2999,
      user: { id: buyer.id },
    });
    const onlyFailed = await moderator.call("GET", "/api/admin/payments/events?type=payment_failed");
    expect(onlyFailed.body.items.every((event: { type: string }) => event.type === "payment_failed")).toBe(
      true,
    );
    const paging = await moderator.call("GET", "/api/admin/payments/events?limit=1");
    expect(paging.body.items).toHaveLength(1);
    const next = await moderator.call(
      "GET",
      `/api/admin/payments/events?limit=1&before=${paging.body.next_before}`,
    );
    expect(next.body.items[0].id).toBeLessThan(paging.body.items[0].id);

    const failures = await moderator.call("GET", "/api/admin/payments/orders?status=failed");
    expect(failures.status).toBe(200);
    const failed = failures.body.items.find((order: { id: string }) => order.id === failedId);
    expect(failed).toMatchObject({
      status: "failed",
      kind: "tokens",
      tokens: 350,
      amount_cents: 2999,
      user: { id: buyer.id, email: buyer.email },
      refund: null,
    });
    expect(failed.failure_reason).toContain("declined");
    expect(failures.body.items.some((order: { id: string }) => order.id === paidId)).toBe(false);

    const subscriptions = await moderator.call("GET", "/api/admin/payments/subscriptions?status=active");
    expect(subscriptions.status).toBe(200);
    expect(
      subscriptions.body.items.find((row: { user: { id: string } }) => row.user?.id === subscriber.id),
    ).toMatchObject({
      provider: "test",
      plan_id: "premium_1_month",
      status: "active",
      price_cents: 1299,
      currency: "usd",
      cancel_at_period_end: false,
    });
    expect(subscriptions.body.total_count).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /api/admin/payments/orders/:id/refund", () => {
  it("takes the order's tokens back once, marks it refunded, refunds at the provider and audits it", async () => {
    const buyer = await signUp(t);
    const { orderId } = await buyAtTestCheckout(buyer, "tokens_350");
    expect(await balanceOf(buyer)).toBe(350);

    expect((await refundOrder(moderator, orderId, { reason: "asked" })).status).toBe(403);
    expect(await balanceOf(buyer)).toBe(350);

    const refund = await refundOrder(admin, orderId, { reason: "Customer asked within a day" });
    expect(refund.status).toBe(200);
    expect(refund.body.order).toMatchObject({
      id: orderId,
      status: "refunded",
      refund: {
        amount_cents: 2999,
        currency: "usd",
        tokens_granted: 350,
        tokens_taken_back: 350,
        reason: "Customer asked within a day",
        actor_email: admin.email,
        provider_status: "refunded",
        provider_detail: `test_refund_${orderId}`,
      },
    });
    expect(await balanceOf(buyer)).toBe(0);

    const again = await refundOrder(admin, orderId, { reason: "again" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already_refunded");
    expect(await balanceOf(buyer)).toBe(0);
    expect(await ledgerOf(buyer)).toEqual([
      { delta: 350, reason: "purchase" },
      { delta: -350, reason: "order_refund" },
    ]);

    const entries = await auditEntriesFor(t, orderId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: "payment.order_refunded",
      target_type: "payment_order",
      reason: "Customer asked within a day",
    });
    expect(JSON.parse(entries[0]?.before ?? "null")).toEqual({
      status: "paid",
      user_id: buyer.id,
      tokens: 350,
    });
    expect(JSON.parse(entries[0]?.after ?? "null")).toEqual({
      status: "refunded",
      user_id: buyer.id,
      tokens: 0,
      tokens_taken_back: 350,
      amount_cents: 2999,
      currency: "usd",
    });

    // the buyer's data export lists the refund, without who at the operator gave it
    const { refunds } = await new AccountDataRepository(t.database.db).collect(buyer.id);
    expect(refunds).toEqual([
      expect.objectContaining({
        order_id: orderId,
        amount_cents: 2999,
        currency: "usd",
        tokens_taken_back: 350,
        reason: "Customer asked within a day",
        provider_status: "refunded",
      }),
    ]);
    expect(Object.keys(refunds[0] ?? {})).not.toContain("actor_email");

    const refunded = await moderator.call("GET", "/api/admin/payments/orders?status=refunded");
    expect(refunded.body.items.map((order: { id: string }) => order.id)).toContain(orderId);
    const paid = await moderator.call("GET", "/api/admin/payments/orders?status=paid&limit=200");
    expect(paid.body.items.map((order: { id: string }) => order.id)).not.toContain(orderId);
  });

  it("never goes below zero: 409 tokens_spent, or what is left with partial_tokens", async () => {
    const buyer = await signUp(t);
    const { orderId } = await buyAtTestCheckout(buyer, "tokens_100");
    await spend(buyer, 60);
    expect(await balanceOf(buyer)).toBe(40);

    const refused = await refundOrder(admin, orderId, { reason: "chargeback" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("tokens_spent");
    expect(await balanceOf(buyer)).toBe(40);
    expect(await auditEntriesFor(t, orderId)).toHaveLength(0);

    const partial = await refundOrder(admin, orderId, {
      reason: "chargeback",
      partial_tokens: true,
    });
    expect(partial.status).toBe(200);
    expect(partial.body.order.refund).toMatchObject({ tokens_granted: 100, tokens_taken_back: 40 });
    expect(await balanceOf(buyer)).toBe(0);
  });

  it("refuses orders that are not paid token orders, and unknown ones", async () => {
    const buyer = await signUp(t);
    const { orderId: failedId } = await buyAtTestCheckout(buyer, "tokens_100", DECLINED_CARD);
    const failed = await refundOrder(admin, failedId, { reason: "x" });
    expect(failed.status).toBe(409);
    expect(failed.body.error).toBe("not_paid");
    expect((await refundOrder(admin, "nope", { reason: "x" })).status).toBe(404);
    expect((await refundOrder(admin, failedId, { reason: "" })).status).toBe(400);
  });

  it("refunds a plan payment: the plan ends now, its MonthlyTokens go back, once, audited", async () => {
    const buyer = await signUp(t);
    const { orderId } = await buyAtTestCheckout(buyer, "premium_1_month");
    const granted = await balanceOf(buyer);
    expect(granted).toBeGreaterThan(0);
    expect((await buyer.call("GET", "/api/user")).body.plan).toBe("premium");

    const refund = await refundOrder(admin, orderId, { reason: "Charged twice" });
    expect(refund.status).toBe(200);
    expect(refund.body.order).toMatchObject({
      id: orderId,
      status: "refunded",
      refund: { tokens_granted: granted, tokens_taken_back: granted, provider_status: "refunded" },
    });
    expect(await balanceOf(buyer)).toBe(0);
    expect((await buyer.call("GET", "/api/user")).body.plan).toBe("free");
    expect(await subscriptionStatusesOf(buyer)).toEqual(["ended"]);

    const again = await refundOrder(admin, orderId, { reason: "x" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already_refunded");
    expect(await ledgerOf(buyer)).toEqual([
      { delta: granted, reason: "monthly_tokens" },
      { delta: -granted, reason: "order_refund" },
    ]);

    const entries = await auditEntriesFor(t, orderId);
    expect(entries.map((entry) => entry.action)).toEqual(["payment.order_refunded"]);
    expect(JSON.parse(entries[0]?.before ?? "null")).toMatchObject({
      status: "paid",
      tokens: granted,
      plan: { plan: "premium", subscription: { plan_id: "premium_1_month", status: "canceled" } },
    });
    expect(JSON.parse(entries[0]?.after ?? "null")).toMatchObject({
      status: "refunded",
      tokens: 0,
      tokens_taken_back: granted,
      plan: { plan: "free", subscription: { plan_id: "premium_1_month", status: "ended" } },
    });
  });

  it("refuses a plan refund whose tokens are spent, before touching the plan, unless partial", async () => {
    const buyer = await signUp(t);
    const { orderId } = await buyAtTestCheckout(buyer, "premium_1_month");
    const granted = await balanceOf(buyer);
    await spend(buyer, granted - 10);

    const refused = await refundOrder(admin, orderId, { reason: "x" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("tokens_spent");
    expect(await subscriptionStatusesOf(buyer)).toEqual(["active"]);
    expect(await auditEntriesFor(t, orderId)).toHaveLength(0);

    const partial = await refundOrder(admin, orderId, {
      reason: "chargeback",
      partial_tokens: true,
    });
    expect(partial.status).toBe(200);
    expect(partial.body.order.refund).toMatchObject({ tokens_granted: granted, tokens_taken_back: 10 });
    expect(await balanceOf(buyer)).toBe(0);
    expect((await buyer.call("GET", "/api/user")).body.plan).toBe("free");
  });
});
