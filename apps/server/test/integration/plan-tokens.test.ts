import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { Fulfilment } from "../../src/services/billing/fulfilment.ts";
import { periodReference } from "../../src/services/billing/monthly-tokens.ts";
import { signUp } from "../helpers/accounts.ts";
import { buyAtTestCheckout } from "../helpers/admin-payments.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function premiumBuyer(planId: string) {
  const buyer = await signUp(t, "user", "plan-tokens");
  expect((await buyAtTestCheckout(buyer, planId)).status).toBe("paid");
  const subscription = await t.database.db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", buyer.id)
    .executeTakeFirstOrThrow();
  return { buyer, subscription };
}

const monthlyRows = (userId: string) =>
  t.database.db
    .selectFrom("token_ledger")
    .select(["delta", "reference"])
    .where("user_id", "=", userId)
    .where("reason", "=", "monthly_tokens")
    .orderBy("id")
    .execute();

const balance = async (userId: string) =>
  (
    await t.database.db
      .selectFrom("users")
      .select("tokens")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow()
  ).tokens;

function monthsLater(from: string, months: number, days = 0): Date {
  const at = new Date(from);
  at.setUTCMonth(at.getUTCMonth() + months);
  return new Date(at.getTime() + days * DAY_MS);
}

describe("a plan's tokens come every month (decision 37)", () => {
  it("the yearly plan grants 100 tokens when paid, not 1,200, and says so in the plans list", async () => {
    const { buyer, subscription } = await premiumBuyer("premium_1_year");
    expect(await balance(buyer.id)).toBe(100);
    expect((await monthlyRows(buyer.id)).map((row) => row.delta)).toEqual([100]);

    // the period job is due again by the start of the next month (its tokens), not at the year's end
    const job = await t.database.db
      .selectFrom("jobs")
      .select(["run_at", "payload"])
      .where("kind", "=", "subscription_period_end")
      .where("payload", "like", `%"subscriptionId":${subscription.id},%`)
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBeLessThanOrEqual(monthsLater(subscription.current_period_start, 1).getTime());

    const { plans } = (await t.get("/api/subscriptions/plans")).body as {
      plans: { id: string; token_grant: unknown }[];
    };
    const grantOf = (id: string) => plans.find((plan) => plan.id === id)?.token_grant;
    expect(grantOf("premium_1_year")).toEqual({ tokens: 100, interval: "month", interval_count: 1 });
    expect(grantOf("premium_3_months")).toEqual({ tokens: 100, interval: "month", interval_count: 1 });
    expect(grantOf("premium_7_days")).toEqual({ tokens: 25, interval: "day", interval_count: 7 });
  });

  it("grants each month once as it starts, however often or concurrently the job looks", async () => {
    const { buyer, subscription } = await premiumBuyer("premium_1_year");
    const fulfilment = new Fulfilment({
      db: t.database.db,
      billing: new BillingService({ db: t.database.db }),
    });
    const grantBy = (now: Date) =>
      t.database.db.transaction().execute((trx) => fulfilment.grantDueTokens(trx, subscription, now));

    // a day before the second month: nothing new
    expect(await grantBy(monthsLater(subscription.current_period_start, 1, -1))).toBe(0);
    // two months and a day in: the second and third months, together and once
    const at = monthsLater(subscription.current_period_start, 2, 1);
    const [first, second] = await Promise.all([grantBy(at), grantBy(at)]);
    expect(first + second).toBe(200);
    expect(await grantBy(at)).toBe(0);
    expect(await balance(buyer.id)).toBe(300);
    // past the year's end: every one of its twelve months, and no thirteenth
    await grantBy(monthsLater(subscription.current_period_start, 14));
    const rows = await monthlyRows(buyer.id);
    expect(rows.map((row) => row.delta)).toEqual(Array.from({ length: 12 }, () => 100));
    expect(new Set(rows.map((row) => row.reference)).size).toBe(12);
    expect(await balance(buyer.id)).toBe(1200);
  });

  it("gives a period granted whole under the old scheme nothing more", async () => {
    const { buyer, subscription } = await premiumBuyer("premium_3_months");
    const billing = new BillingService({ db: t.database.db });
    const wholePeriod = periodReference(subscription.id, new Date(subscription.current_period_end));
    await t.database.db
      .transaction()
      .execute((trx) =>
        billing.grant(trx, { userId: buyer.id, amount: 0, reason: "monthly_tokens", reference: wholePeriod }),
      );
    const fulfilment = new Fulfilment({ db: t.database.db, billing });
    const later = monthsLater(subscription.current_period_start, 2, 1);
    expect(
      await t.database.db.transaction().execute((trx) => fulfilment.grantDueTokens(trx, subscription, later)),
    ).toBe(0);
    expect(await balance(buyer.id)).toBe(100);
  });
});
