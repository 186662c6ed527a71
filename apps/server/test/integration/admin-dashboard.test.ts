import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodTokens } from "../../src/services/billing/fulfilment.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { createStaffApp } from "../helpers/admin.ts";
import { buyAtTestCheckout, DECLINED_CARD } from "../helpers/admin-payments.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { until } from "../helpers/wait.ts";

let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;

const DAY = 24 * 60 * 60 * 1000;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
const weekAgo = new Date(Date.now() - 6 * DAY).toISOString().slice(0, 10);
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  ({ t, admin, moderator } = await createStaffApp());
});
afterAll(async () => {
  await t.close();
});

async function openChat(account: TestAccount) {
  const models = await t.get("/api/models?gender=female");
  const chat = await account.call("POST", "/api/chats", { model_id: models.body.items[0].id });
  expect(chat.status).toBe(200);
  return chat.body as { id: number; last_message: { id: number } };
}

async function sendAnalytics(clientId: string, events: string[]) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/analytics/events",
    headers: { "content-type": "application/json", "user-agent": BROWSER },
    remoteAddress: "10.55.0.1",
    payload: JSON.stringify({
      client_id: clientId,
      session_id: `${clientId}-session`,
      events: events.map((event) => ({ event, props: {}, at: new Date().toISOString() })),
    }),
  });
  expect(response.statusCode).toBe(202);
}

describe("GET /api/admin/stats", () => {
  it("counts each UTC day of the range exactly, with totals, token flow and the funnel", async () => {
    // two messages from alice; a photo request from bob, who buys tokens; carol buys premium and
    // asks for a voice; dave's card is declined; eve signed up yesterday
    const [alice, bob, carol, dave, eve] = [
      await signUp(t),
      await signUp(t),
      await signUp(t),
      await signUp(t),
      await signUp(t),
    ];
    const aliceChat = await openChat(alice);
    for (const text of ["Hello there", "How was your day?"]) {
      const sent = await alice.call("POST", `/api/chats/${aliceChat.id}/messages`, { message: { text } });
      expect(sent.status).toBe(202);
    }
    const bobChat = await openChat(bob);
    const photo = await bob.call("POST", `/api/chats/${bobChat.id}/messages`, {
      message: { text: "Send me a photo of you at the beach!" },
    });
    expect(photo.status).toBe(202);
    expect((await buyAtTestCheckout(bob, "tokens_350")).status).toBe("paid");
    expect((await buyAtTestCheckout(carol, "premium_1_month")).status).toBe("paid");
    const carolChat = await openChat(carol);
    expect(
      (await carol.call("POST", `/api/chats/${carolChat.id}/messages/${carolChat.last_message.id}/voice`))
        .status,
    ).toBe(202);
    expect((await buyAtTestCheckout(dave, "tokens_100", DECLINED_CARD)).status).toBe("failed");
    await t.database.db
      .updateTable("users")
      .set({ created_at: `${yesterday}T12:00:00.000Z` })
      .where("id", "=", eve.id)
      .execute();
    // funnel: three visitors; two confirm their age; one picks an interest and signs up
    await sendAnalytics("funnel-a", [
      "Visit",
      "Age Gate Confirmed",
      "Gender of Interest Selected",
      "Sign Up Completed",
    ]);
    await sendAnalytics("funnel-b", ["Visit", "Age Gate Confirmed"]);
    await sendAnalytics("funnel-c", ["Visit"]);

    // the picture and the voice are made by jobs
    await until(
      () => moderator.call("GET", `/api/admin/stats?from=${today}&to=${today}`),
      (answer) => answer.body.totals?.pictures === 1 && answer.body.totals?.voice_messages === 1,
      "the picture and the voice",
    );
    const refund = await admin.call("POST", `/api/admin/payments/orders/${await paidOrderOf(bob)}/refund`, {
      reason: "customer asked",
    });
    expect(refund.status).toBe(200);

    const answer = await moderator.call("GET", `/api/admin/stats?from=${weekAgo}&to=${today}`);
    expect(answer.status).toBe(200);
    const stats = answer.body;
    expect(stats.from).toBe(weekAgo);
    expect(stats.to).toBe(today);
    expect(stats.days.map((day: { date: string }) => day.date)).toHaveLength(7);
    expect(stats.days[0].date).toBe(weekAgo);
    const monthly = periodTokens("premium_1_month");
    // admin, moderator, alice, bob, carol, dave today; eve yesterday
    expect(stats.days.at(-1)).toEqual({
      date: today,
      sign_ups: 6,
      active_users: 2,
      messages: 3,
      pictures: 1,
      voice_messages: 1,
      revenue_cents: { usd: 2999 + 1299 },
      refunded_cents: { usd: 2999 },
      tokens_credited: 350 + monthly,
      tokens_debited: 350,
    });
    expect(stats.days.at(-2)).toMatchObject({ date: yesterday, sign_ups: 1, messages: 0, revenue_cents: {} });
    for (const day of stats.days.slice(0, -2)) {
      expect(day).toMatchObject({
        sign_ups: 0,
        active_users: 0,
        messages: 0,
        pictures: 0,
        voice_messages: 0,
      });
    }
    expect(stats.totals).toEqual({
      sign_ups: 7,
      active_users: 2,
      messages: 3,
      pictures: 1,
      voice_messages: 1,
      revenue_cents: { usd: 4298 },
      refunded_cents: { usd: 2999 },
      tokens_credited: 350 + monthly,
      tokens_debited: 350,
    });
    expect(stats.token_flow).toEqual([
      { reason: "monthly_tokens", credited: monthly, debited: 0 },
      { reason: "order_refund", credited: 0, debited: 350 },
      { reason: "purchase", credited: 350, debited: 0 },
    ]);
    expect(stats.funnel).toEqual([
      { step: "visit", event: "Visit", clients: 3, from_previous: null, from_first: 1 },
      {
        step: "age_gate_confirmed",
        event: "Age Gate Confirmed",
        clients: 2,
        from_previous: 2 / 3,
        from_first: 2 / 3,
      },
      {
        step: "interest",
        event: "Gender of Interest Selected",
        clients: 1,
        from_previous: 0.5,
        from_first: 1 / 3,
      },
      { step: "sign_up", event: "Sign Up Completed", clients: 1, from_previous: 1, from_first: 1 / 3 },
      { step: "first_message", event: "Message Sent", clients: 0, from_previous: 0, from_first: 0 },
      { step: "first_purchase", event: "Purchase Completed", clients: 0, from_previous: null, from_first: 0 },
    ]);
  });

  it("defaults to the last 30 days and refuses a reversed or too long range", async () => {
    const answer = await moderator.call("GET", "/api/admin/stats");
    expect(answer.status).toBe(200);
    expect(answer.body.to).toBe(today);
    expect(answer.body.days).toHaveLength(30);
    expect((await moderator.call("GET", `/api/admin/stats?from=${today}&to=${weekAgo}`)).status).toBe(400);
    expect((await moderator.call("GET", "/api/admin/stats?from=2020-01-01&to=2026-01-01")).status).toBe(400);
    expect((await moderator.call("GET", "/api/admin/stats?from=yesterday")).status).toBe(400);
  });

  it("answers quiet days as zeros and empty currencies", async () => {
    const answer = await moderator.call("GET", "/api/admin/stats?from=2020-03-01&to=2020-03-02");
    expect(answer.status).toBe(200);
    expect(answer.body.days).toEqual(
      ["2020-03-01", "2020-03-02"].map((date) => ({
        date,
        sign_ups: 0,
        active_users: 0,
        messages: 0,
        pictures: 0,
        voice_messages: 0,
        revenue_cents: {},
        refunded_cents: {},
        tokens_credited: 0,
        tokens_debited: 0,
      })),
    );
    expect(answer.body.token_flow).toEqual([]);
  });
});

async function paidOrderOf(account: TestAccount): Promise<string> {
  const row = await t.database.db
    .selectFrom("payment_orders")
    .select("id")
    .where("user_id", "=", account.id)
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow();
  return row.id;
}
