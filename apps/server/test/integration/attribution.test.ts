import { advertisingTokenSchema, leadSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accounts from "../helpers/accounts.ts";
import { type RecordedRequest, startFakeUpstream } from "../helpers/fake-upstream.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

let t: TestApp;
let tracker: Awaited<ReturnType<typeof startFakeUpstream>>;
/** sub id → how many more postbacks carrying it the tracker answers 503 */
const failuresLeft = new Map<string, number>();
/** sub ids whose postbacks the tracker refuses for good (404) */
const refused = new Set<string>();

beforeAll(async () => {
  tracker = await startFakeUpstream((req, res) => {
    const subid = new URL(req.url ?? "/", "http://tracker").searchParams.get("subid") ?? "";
    const left = failuresLeft.get(subid) ?? 0;
    if (left > 0) {
      failuresLeft.set(subid, left - 1);
      res.writeHead(503).end();
      return;
    }
    if (refused.has(subid)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end("OK");
  });
  t = await createTestApp({
    env: {
      AD_POSTBACK_URL: `${tracker.url}/postback?subid={subid}&event={event}&payout={payout}&cur={currency}&txid={event_id}`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  tracker?.close();
});

async function signUp(subid?: unknown) {
  return accounts.signUp(t, {
    prefix: "lead",
    firstName: null,
    fields: subid === undefined ? {} : { subid },
  });
}

type Member = Awaited<ReturnType<typeof signUp>>;

const leadsOf = (userId: string) =>
  t.database.db.selectFrom("leads").selectAll().where("user_id", "=", userId).execute();

const postbacksOf = (subid: string) =>
  t.database.db.selectFrom("ad_postbacks").selectAll().where("subid", "=", subid).orderBy("id").execute();

const requestsFor = (subid: string): RecordedRequest[] =>
  tracker.recorded.filter(
    (request) => new URL(request.path, "http://tracker").searchParams.get("subid") === subid,
  );

/** Waits until every postback of the sub id has left `pending`. */
async function settledPostbacks(subid: string, count = 1) {
  return eventually(() => postbacksOf(subid), {
    until: (rows) => rows.length >= count && rows.every((row) => row.status !== "pending"),
    what: `the postbacks of ${subid} to leave pending`,
  });
}

async function buyTokens(member: Member) {
  const session = await member.call("POST", "/api/stripe/create-session", { price_id: "tokens_100" });
  expect(session.status).toBe(200);
  const orderId = session.body.order_id as string;
  const paid = await member.call("POST", `/api/test-checkout/${orderId}/pay`, {
    card_number: "4242 4242 4242 4242",
    expiry: "12/39",
    cvc: "123",
    name: "Test Buyer",
  });
  expect(paid.status).toBe(200);
  await eventually(
    async () =>
      (
        await t.database.db
          .selectFrom("payment_orders")
          .select("status")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).status,
    { until: (status) => status === "paid", what: `order ${orderId} to be paid` },
  );
  return orderId;
}

describe("a lead at email sign-up", () => {
  it("is recorded with the sub id, and its postback reaches the tracker once after two failures", async () => {
    const subid = "abc123XYZ";
    failuresLeft.set(subid, 2);
    const member = await signUp(subid);
    const [lead, ...more] = await leadsOf(member.id);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({ subid, email: member.email, status: "lead", converted_at: null });

    const [postback] = await settledPostbacks(subid);
    expect(postback).toMatchObject({
      lead_id: lead?.id,
      event: "lead",
      status: "delivered",
      attempts: 3,
      last_error: null,
    });
    expect(postback?.delivered_at).toBeTruthy();
    const requests = requestsFor(subid);
    expect(requests).toHaveLength(3);
    // the same conversion each time: the tracker deduplicates on the txid
    expect(new Set(requests.map((request) => request.path)).size).toBe(1);
    const url = new URL(requests[0]?.path ?? "", "http://tracker");
    expect(url.pathname).toBe("/postback");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      subid,
      event: "lead",
      payout: "0.00",
      cur: "",
      txid: postback?.event_id,
    });
    expect(requests.map((request) => request.method)).toEqual(["GET", "GET", "GET"]);
    // never the person: no email, no user id
    for (const request of requests) {
      expect(request.path).not.toContain(member.email.split("@")[0]);
      expect(request.path).not.toContain(member.id);
    }
  });

  it("is not recorded without a sub id, and nothing is sent", async () => {
    const before = tracker.recorded.length;
    const member = await signUp();
    expect(await leadsOf(member.id)).toEqual([]);
    await t.app.inject({ method: "GET", url: "/api/health" });
    expect(tracker.recorded.length).toBe(before);
  });

  it("never blocks sign-up: an insane sub id (a mistyped page, a long or odd value) is dropped", async () => {
    for (const subid of ["setings", "gallerry", "x".repeat(500), "abc 123", 42]) {
      const member = await signUp(subid);
      expect(await leadsOf(member.id)).toEqual([]);
    }
  });
});

describe("POST /api/user/lead (the lead of an OAuth sign-up)", () => {
  it("records the lead with the account's email, once; the body's email is ignored", async () => {
    const member = await signUp();
    const subid = "oauth-777abc";
    const first = await member.call("POST", "/api/user/lead", { subid, email: "someone-else@example.com" });
    expect(first.status).toBe(201);
    expect(leadSchema.parse(first.body)).toEqual({ subid, status: "lead" });
    expect(await leadsOf(member.id)).toMatchObject([{ subid, email: member.email, status: "lead" }]);
    await settledPostbacks(subid);
    expect(requestsFor(subid)).toHaveLength(1);

    const again = await member.call("POST", "/api/user/lead", { subid: "other-888abc" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "lead_exists" });
    expect(await leadsOf(member.id)).toHaveLength(1);
  });

  it("refuses an account created over an hour ago", async () => {
    const member = await signUp();
    await t.database.db
      .updateTable("users")
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where("id", "=", member.id)
      .execute();
    const late = await member.call("POST", "/api/user/lead", { subid: "late-123abc" });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ error: "sign_up_too_old" });
    expect(await leadsOf(member.id)).toEqual([]);
  });

  it("refuses an insane sub id with the reason, and a caller without a session", async () => {
    const member = await signUp();
    for (const subid of ["setings", "Login1", "abc", "abc/123", "favicon.ico"]) {
      const response = await member.call("POST", "/api/user/lead", { subid });
      expect(response.status).toBe(400);
      expect(String(response.body.message)).toContain("An ad sub id is");
    }
    expect(await leadsOf(member.id)).toEqual([]);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/user/lead",
      payload: { subid: "abc123XYZ" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("PUT /api/user/advertising (the advertising token)", () => {
  it("saves the latest sub id with the user (last touch)", async () => {
    const member = await signUp();
    const first = await member.call("PUT", "/api/user/advertising", { subid: "first-111abc" });
    expect(first.status).toBe(200);
    const saved = advertisingTokenSchema.parse(first.body);
    expect(saved.subid).toBe("first-111abc");
    const second = await member.call("PUT", "/api/user/advertising", { subid: "second-222abc" });
    expect(second.status).toBe(200);
    const user = await t.database.db
      .selectFrom("users")
      .select(["advertising_subid", "advertising_subid_at"])
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(user.advertising_subid).toBe("second-222abc");
    expect(Date.parse(user.advertising_subid_at ?? "")).toBeGreaterThanOrEqual(Date.parse(saved.saved_at));

    expect((await member.call("PUT", "/api/user/advertising", { subid: "settings" })).status).toBe(400);
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/user/advertising",
      payload: { subid: "abc123XYZ" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the purchase postback", () => {
  it("goes once, at a lead's first payment, with the payout", async () => {
    const subid = "buyer-555abc";
    const member = await signUp(subid);
    await buyTokens(member);
    await buyTokens(member);
    const rows = await settledPostbacks(subid, 2);
    expect(rows.map((row) => [row.event, row.status])).toEqual([
      ["lead", "delivered"],
      ["purchase", "delivered"],
    ]);
    const order = await t.database.db
      .selectFrom("payment_orders")
      .select(["amount_cents", "currency"])
      .where("user_id", "=", member.id)
      .executeTakeFirstOrThrow();
    const purchase = requestsFor(subid)
      .map((request) => new URL(request.path, "http://tracker").searchParams)
      .find((params) => params.get("event") === "purchase");
    expect(purchase?.get("payout")).toBe((order.amount_cents / 100).toFixed(2));
    expect(purchase?.get("cur")).toBe(order.currency);
    const [lead] = await leadsOf(member.id);
    expect(lead?.converted_at).toBeTruthy();
  });

  it("is not sent for a buyer who came through no ad", async () => {
    const member = await signUp();
    const before = await t.database.db.selectFrom("ad_postbacks").select("id").execute();
    await buyTokens(member);
    const after = await t.database.db.selectFrom("ad_postbacks").select("id").execute();
    expect(after.length).toBe(before.length);
  });
});

describe("a postback the tracker refuses", () => {
  it("is recorded as failed at once, without retries (a 4xx cannot pass later)", async () => {
    const subid = "refused-404abc";
    refused.add(subid);
    await signUp(subid);
    const [postback] = await settledPostbacks(subid);
    expect(postback).toMatchObject({ status: "failed", attempts: 1, delivered_at: null });
    expect(postback?.last_error).toBe(`the ad tracker at ${new URL(tracker.url).host} answered 404`);
    expect(requestsFor(subid)).toHaveLength(1);
  });
});

describe("the user's data", () => {
  it("the export holds the lead and the advertising sub id", async () => {
    const member = await signUp("export-999abc");
    await member.call("PUT", "/api/user/advertising", { subid: "later-000abc" });
    const started = await member.call("POST", "/api/user/export");
    expect(started.status).toBe(202);
    const exportId = started.body.export_id as string;
    const url = await eventually(
      async () => {
        const state = await member.call("GET", `/api/user/export/${exportId}`);
        return state.body.status === "ready" ? String(state.body.url) : "";
      },
      { what: "the export" },
    );
    const archive = (await t.app.inject({ method: "GET", url })).json() as {
      account: Record<string, unknown>;
      leads: Record<string, unknown>[];
    };
    expect(archive.account).toMatchObject({ advertising_subid: "later-000abc" });
    expect(archive.leads).toMatchObject([{ subid: "export-999abc", email: member.email, status: "lead" }]);
  });

  it("deleting the account removes the lead and its email; the postbacks keep only the sub id and payout", async () => {
    const subid = "gone-444abc";
    const member = await signUp(subid);
    await buyTokens(member);
    await settledPostbacks(subid, 2);
    const deleted = await member.call("DELETE", "/api/user", { password: "secret12" });
    expect(deleted.status).toBe(202);
    const db = t.database.db;
    expect(await db.selectFrom("leads").selectAll().where("email", "=", member.email).execute()).toEqual([]);
    expect(await db.selectFrom("leads").selectAll().where("subid", "=", subid).execute()).toEqual([]);
    const kept = await postbacksOf(subid);
    expect(kept.map((row) => [row.event, row.lead_id, row.status])).toEqual([
      ["lead", null, "delivered"],
      ["purchase", null, "delivered"],
    ]);
    const text = JSON.stringify(kept);
    expect(text).not.toContain(member.email);
    expect(text).not.toContain(member.id);
    const user = await db.selectFrom("users").select("id").where("id", "=", member.id).executeTakeFirst();
    expect(user).toBeUndefined();
  });
});
