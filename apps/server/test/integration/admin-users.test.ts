import { adminUserDetailSchema, adminUserListSchema, auditLogResponseSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { auditEntriesFor } from "../helpers/admin.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

let t: TestApp;
let admin: TestAccount;
let socketBase: string;

beforeAll(async () => {
  t = await createTestApp();
  socketBase = (await t.app.listen({ host: "127.0.0.1", port: 0 })).replace("http", "ws");
  admin = await signUp(t, "admin", "operator");
});
afterAll(async () => {
  await t.close();
});

/** An open socket of the account, with the events it received and how it closed. */
async function openSocket(account: TestAccount) {
  const socket = new WebSocket(`${socketBase}/ws/v2?token=${account.token}`);
  const events: { action: string; [key: string]: unknown }[] = [];
  socket.on("message", (data) => events.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, events, closed };
}

describe("searching users", () => {
  it("finds accounts by part of the email (any case), by name and by exact id, paged", async () => {
    const target = await signUp(t, "user", "findme");
    const byEmail = adminUserListSchema.parse(
      (await admin.call("GET", `/api/admin/users?q=${encodeURIComponent(target.email.toUpperCase())}`)).body,
    );
    expect(byEmail.items.map((item) => item.id)).toEqual([target.id]);
    expect(byEmail.items[0]).toMatchObject({
      email: target.email,
      plan: "free",
      role: "user",
      banned: false,
    });
    const byId = adminUserListSchema.parse((await admin.call("GET", `/api/admin/users?q=${target.id}`)).body);
    expect(byId.items.map((item) => item.id)).toEqual([target.id]);
    const byName = adminUserListSchema.parse(
      (await admin.call("GET", "/api/admin/users?q=robin&limit=2")).body,
    );
    expect(byName.items).toHaveLength(2);
    expect(byName.total_count).toBeGreaterThanOrEqual(2);
    const nobody = adminUserListSchema.parse((await admin.call("GET", "/api/admin/users?q=%25_nobody")).body);
    expect(nobody).toMatchObject({ items: [], total_count: 0 });
  });

  it("shows a user's page: plan, balance, ledger, chats count, sessions, role and ban", async () => {
    const target = await signUp(t);
    const answer = await admin.call("GET", `/api/admin/users/${target.id}`);
    expect(answer.status).toBe(200);
    const detail = adminUserDetailSchema.parse(answer.body);
    expect(detail).toMatchObject({
      id: target.id,
      plan: "free",
      tokens: 0,
      chats_count: 0,
      role: "user",
      banned: false,
      subscription: null,
    });
    expect(detail.sessions).toHaveLength(1);
    expect((await admin.call("GET", "/api/admin/users/nobody-like-this")).status).toBe(404);
  });
});

describe("granting and removing tokens", () => {
  it("goes through the ledger with its own kind, tells the user's open tab, and is audited", async () => {
    const target = await signUp(t);
    const tab = await openSocket(target);
    const granted = await admin.call("POST", `/api/admin/users/${target.id}/tokens`, {
      amount: 120,
      reason: "Apology for the outage",
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ tokens: 120 });
    const update = await eventually(() => tab.events.find((event) => event.action === "user_update"));
    expect(update).toMatchObject({ user: { id: target.id, tokens: 120 }, reason: "tokens_added" });

    const removed = await admin.call("POST", `/api/admin/users/${target.id}/tokens`, {
      amount: -20,
      reason: "Duplicate grant",
    });
    expect(removed.body).toEqual({ tokens: 100 });
    await eventually(() =>
      tab.events.find(
        (event) => event.action === "user_update" && (event.user as { tokens: number }).tokens === 100,
      ),
    );
    tab.socket.close();

    const detail = adminUserDetailSchema.parse(
      (await admin.call("GET", `/api/admin/users/${target.id}`)).body,
    );
    expect(detail.tokens).toBe(100);
    expect(detail.ledger.map((row) => [row.reason, row.delta, row.balance_after, row.description])).toEqual([
      ["admin_adjustment", -20, 100, "Removed by Reverie support"],
      ["admin_adjustment", 120, 120, "Added by Reverie support"],
    ]);
    // the user's own statement shows it too
    const statement = await target.call("GET", "/api/user/ledger");
    expect(statement.body.items[0]).toMatchObject({ delta: -20, reason: "admin_adjustment" });

    const entries = await auditEntriesFor(t, target.id);
    expect(
      entries.map((entry) => [
        entry.action,
        entry.actor_id,
        entry.actor_email,
        JSON.parse(entry.before ?? "null"),
        JSON.parse(entry.after ?? "null"),
        entry.reason,
      ]),
    ).toEqual([
      [
        "user.tokens_granted",
        admin.id,
        admin.email,
        { tokens: 0 },
        { tokens: 120 },
        "Apology for the outage",
      ],
      ["user.tokens_removed", admin.id, admin.email, { tokens: 120 }, { tokens: 100 }, "Duplicate grant"],
    ]);
  });

  it("never goes below zero (409 with the reason, nothing changed) and needs a reason", async () => {
    const target = await signUp(t);
    const refused = await admin.call("POST", `/api/admin/users/${target.id}/tokens`, {
      amount: -1,
      reason: "too much",
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "insufficient_tokens" });
    expect(refused.body.message).toContain("below zero");
    const noReason = await admin.call("POST", `/api/admin/users/${target.id}/tokens`, {
      amount: 5,
      reason: " ",
    });
    expect(noReason.status).toBe(400);
    const zero = await admin.call("POST", `/api/admin/users/${target.id}/tokens`, { amount: 0, reason: "x" });
    expect(zero.status).toBe(400);
    expect(await auditEntriesFor(t, target.id)).toEqual([]);
    const ledger = await t.database.db
      .selectFrom("token_ledger")
      .select("id")
      .where("user_id", "=", target.id)
      .execute();
    expect(ledger).toEqual([]);
  });
});

describe("banning", () => {
  it("ends the sessions, closes the socket at once, answers 401 account_banned after, and is audited", async () => {
    const target = await signUp(t);
    const tab = await openSocket(target);
    const banned = await admin.call("POST", `/api/admin/users/${target.id}/ban`, { reason: "Spam" });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ banned: true, ban_reason: "Spam", sessions: [] });
    expect((await tab.closed).reason).toBe("session_ended");
    expect((await target.call("GET", "/api/user")).status).toBe(401);

    // signing in again is refused, and leaves no session behind
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: target.email, password: "secret12" },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ error: "account_banned" });
    const sessions = await t.database.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", target.id)
      .execute();
    expect(sessions).toEqual([]);

    const again = await admin.call("POST", `/api/admin/users/${target.id}/ban`, { reason: "Spam" });
    expect(again.status).toBe(409);

    const unbanned = await admin.call("POST", `/api/admin/users/${target.id}/unban`, {
      reason: "Appeal accepted",
    });
    expect(unbanned.status).toBe(200);
    expect(unbanned.body.banned).toBe(false);
    const back = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: target.email, password: "secret12" },
    });
    expect(back.statusCode).toBe(200);

    const entries = await auditEntriesFor(t, target.id);
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ["user.banned", "Spam"],
      ["user.unbanned", "Appeal accepted"],
    ]);
    expect(JSON.parse(entries[0]?.after ?? "null")).toMatchObject({ ban_reason: "Spam", sessions_ended: 1 });
  });

  it("answers 401 account_banned to a session that outlived its ban", async () => {
    const target = await signUp(t);
    // as if a sign-in raced the ban: the session exists, the account is banned
    await t.database.db
      .updateTable("users")
      .set({ banned_at: new Date().toISOString(), ban_reason: "race" })
      .where("id", "=", target.id)
      .execute();
    const answer = await target.call("GET", "/api/user");
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("account_banned");
  });

  it("refuses an admin banning themselves", async () => {
    const answer = await admin.call("POST", `/api/admin/users/${admin.id}/ban`, { reason: "oops" });
    expect(answer.status).toBe(409);
  });
});

describe("roles", () => {
  it("changes a role (audited) and refuses demoting yourself", async () => {
    const target = await signUp(t);
    const promoted = await admin.call("PATCH", `/api/admin/users/${target.id}/role`, {
      role: "moderator",
      reason: "New support hire",
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("moderator");
    expect((await target.call("GET", "/api/admin/me")).body.role).toBe("moderator");
    // a moderator may read but not change
    expect((await target.call("GET", `/api/admin/users/${admin.id}`)).status).toBe(200);
    expect((await target.call("PATCH", `/api/admin/users/${admin.id}/role`, { role: "user" })).status).toBe(
      403,
    );

    const self = await admin.call("PATCH", `/api/admin/users/${admin.id}/role`, { role: "user" });
    expect(self.status).toBe(409);
    expect(self.body.error).toBe("cannot_demote_yourself");
    expect((await admin.call("GET", "/api/admin/me")).body.role).toBe("admin");

    const [entry] = await auditEntriesFor(t, target.id);
    expect(entry).toMatchObject({
      action: "user.role_changed",
      actor_id: admin.id,
      reason: "New support hire",
    });
    expect(JSON.parse(entry?.before ?? "null")).toEqual({ role: "user" });
    expect(JSON.parse(entry?.after ?? "null")).toEqual({ role: "moderator" });
  });
});

describe("plans", () => {
  it("gives premium until a date and takes it back, audited, telling the open tab", async () => {
    const target = await signUp(t);
    const tab = await openSocket(target);
    const until = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString();
    const given = await admin.call("PATCH", `/api/admin/users/${target.id}/plan`, {
      plan: "premium_1_month",
      until,
      reason: "Creator partnership",
    });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({
      plan: "premium",
      subscription: {
        provider: "complimentary",
        plan_id: "premium_1_month",
        status: "canceled",
        current_period_end: until,
      },
    });
    await eventually(() =>
      tab.events.find(
        (event) => event.action === "user_update" && (event.user as { plan: string }).plan === "premium",
      ),
    );
    expect((await target.call("GET", "/api/user")).body.plan).toBe("premium");

    const unknown = await admin.call("PATCH", `/api/admin/users/${target.id}/plan`, {
      plan: "gold",
      reason: "x",
    });
    expect(unknown.status).toBe(400);

    const ended = await admin.call("PATCH", `/api/admin/users/${target.id}/plan`, {
      plan: "free",
      reason: "Ended",
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ plan: "free", subscription: { status: "ended" } });
    tab.socket.close();

    const entries = await auditEntriesFor(t, target.id);
    expect(entries.map((entry) => [entry.action, JSON.parse(entry.after ?? "null").plan])).toEqual([
      ["user.plan_changed", "premium"],
      ["user.plan_changed", "free"],
    ]);
  });

  it("does not give premium over a paid subscription (409); free ends it", async () => {
    const target = await signUp(t);
    const now = new Date();
    await t.database.db
      .insertInto("subscriptions")
      .values({
        user_id: target.id,
        provider: "test",
        provider_subscription_id: `sub-${target.id}`,
        plan_id: "premium_1_month",
        status: "active",
        price_cents: 1299,
        currency: "usd",
        current_period_start: now.toISOString(),
        current_period_end: new Date(now.getTime() + 30 * 24 * 3600 * 1000).toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await t.database.db.updateTable("users").set({ plan: "premium" }).where("id", "=", target.id).execute();
    const refused = await admin.call("PATCH", `/api/admin/users/${target.id}/plan`, {
      plan: "premium_1_year",
      reason: "upgrade",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("paid_subscription");
    const ended = await admin.call("PATCH", `/api/admin/users/${target.id}/plan`, {
      plan: "free",
      reason: "Chargeback",
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ plan: "free", subscription: { provider: "test", status: "ended" } });
  });
});

describe("data on request", () => {
  it("starts an export for the user and deletes an account with the typed word, both audited", async () => {
    const target = await signUp(t);
    const exported = await admin.call("POST", `/api/admin/users/${target.id}/export`, {
      reason: "Ticket 42",
    });
    expect(exported.status).toBe(202);
    expect(exported.body.export_id).toMatch(/^[0-9a-f]{32}$/);

    const unconfirmed = await admin.call("DELETE", `/api/admin/users/${target.id}`, {
      confirm: "delete",
      reason: "Ticket 43",
    });
    expect(unconfirmed.status).toBe(400);
    const deleted = await admin.call("DELETE", `/api/admin/users/${target.id}`, {
      confirm: "DELETE",
      reason: "Ticket 43",
    });
    expect(deleted.status).toBe(200);
    expect((await admin.call("GET", `/api/admin/users/${target.id}`)).status).toBe(404);
    expect((await target.call("GET", "/api/user")).status).toBe(401);

    // the audit log outlives the account
    const entries = await auditEntriesFor(t, target.id);
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ["user.export_started", "Ticket 42"],
      ["user.deleted", "Ticket 43"],
    ]);
    const self = await admin.call("DELETE", `/api/admin/users/${admin.id}`, {
      confirm: "DELETE",
      reason: "x",
    });
    expect(self.status).toBe(409);
  });
});

describe("the audit log", () => {
  it("lists entries newest first, filtered by target and actor, paged with before", async () => {
    const target = await signUp(t);
    for (const amount of [1, 2, 3]) {
      await admin.call("POST", `/api/admin/users/${target.id}/tokens`, { amount, reason: `grant ${amount}` });
    }
    const first = auditLogResponseSchema.parse(
      (await admin.call("GET", `/api/admin/audit-log?target_type=user&target_id=${target.id}&limit=2`)).body,
    );
    expect(first.items.map((entry) => entry.reason)).toEqual(["grant 3", "grant 2"]);
    expect(first.items[0]).toMatchObject({ actor_email: admin.email, after: { tokens: 6 }, ip: "127.0.0.1" });
    const next = auditLogResponseSchema.parse(
      (
        await admin.call(
          "GET",
          `/api/admin/audit-log?target_type=user&target_id=${target.id}&limit=2&before=${first.next_before}`,
        )
      ).body,
    );
    expect(next.items.map((entry) => entry.reason)).toEqual(["grant 1"]);
    expect(next.next_before).toBeNull();
    const byActor = auditLogResponseSchema.parse(
      (await admin.call("GET", `/api/admin/audit-log?actor_id=${admin.id}&limit=200`)).body,
    );
    expect(byActor.items.every((entry) => entry.actor_id === admin.id)).toBe(true);
  });
});
