import { chatSchema, dataExportSchema, dataExportStartedSchema, modelListSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

let t: TestApp;
const bus = new MemoryEventBus();
let modelId: number;
let socketBase: string;

beforeAll(async () => {
  t = await createTestApp({ bus });
  socketBase = (await t.app.listen({ host: "127.0.0.1", port: 0 })).replace("http", "ws");
  modelId = modelListSchema.parse((await t.get("/api/models")).body).items[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

let users = 0;

/** A user with a chat, a token grant, a paid order, a subscription and a moderation event. */
async function newUser() {
  const number = ++users;
  const user = await signUp(t, { prefix: "keeper" });
  const { email, token, call } = user;
  const chat = chatSchema.parse((await call("POST", "/api/chats", { model_id: modelId })).body);
  const secretLine = `kites are my thing, says user ${number}`;
  await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: secretLine } });
  const db = t.database.db;
  await db.transaction().execute((trx) =>
    new BillingService({ db }).grant(trx, {
      userId: user.id,
      amount: 50,
      reason: "purchase",
      reference: `order-${number}-${Date.now()}`,
    }),
  );
  const orderId = `order-${number}-${Date.now()}`;
  const now = new Date().toISOString();
  await db
    .insertInto("payment_orders")
    .values({
      id: orderId,
      user_id: user.id,
      provider: "test",
      kind: "tokens",
      price_id: "tokens_100",
      description: "100 tokens",
      tokens: 100,
      amount_cents: 499,
      currency: "usd",
      status: "paid",
      provider_reference: `ref-${orderId}`,
      failure_reason: null,
      replaces_subscription_id: null,
      return_path: "/chat",
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("payment_events")
    .values({
      provider: "test",
      event_id: `event-${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      provider_subscription_id: null,
      payload: JSON.stringify({ customer_email: email }),
    })
    .execute();
  await db
    .insertInto("moderation_events")
    .values({ user_id: user.id, surface: "chat", category: "minors", classifier: "test", excerpt: "refused" })
    .execute();
  return { id: user.id, email, token, call, chat, secretLine };
}

async function readyExport(user: Awaited<ReturnType<typeof newUser>>) {
  const started = await user.call("POST", "/api/user/export");
  expect(started.status).toBe(202);
  const { export_id } = dataExportStartedSchema.parse(started.body);
  return eventually(
    async () => dataExportSchema.parse((await user.call("GET", `/api/user/export/${export_id}`)).body),
    { until: (state) => state.status !== "pending", what: "the export to be built" },
  );
}

describe("download my data", () => {
  it("builds a JSON archive of the user's own data, without secrets, behind a signed link that expires", async () => {
    const user = await newUser();
    const other = await newUser();
    const state = await readyExport(user);
    expect(state.status).toBe("ready");
    const url = new URL(state.url ?? "", "http://localhost");
    expect(url.pathname).toMatch(/^\/media-private\/exports\/[0-9a-f]{32}\.json$/);
    const expiresAt = Date.parse(state.expires_at ?? "");
    expect(expiresAt - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(Number(url.searchParams.get("expires")) * 1000).toBe(Math.floor(expiresAt / 1000) * 1000);

    const download = await t.app.inject({ method: "GET", url: state.url ?? "" });
    expect(download.statusCode).toBe(200);
    const text = download.body;
    const archive = JSON.parse(text) as Record<string, unknown> & {
      account: { id: string; email: string };
      chats: { id: number; messages: { text: string }[] }[];
      purchases: { orders: unknown[]; token_ledger: unknown[] };
      moderation_events: unknown[];
    };
    expect(archive.account).toMatchObject({ id: user.id, email: user.email, first_name: "Robin" });
    expect(archive.chats.map((chat) => chat.id)).toEqual([user.chat.id]);
    expect(archive.chats[0]?.messages.map((message) => message.text)).toContain(user.secretLine);
    expect(archive.purchases.orders).toHaveLength(1);
    expect(archive.purchases.token_ledger.length).toBeGreaterThan(0);
    expect(archive.moderation_events).toHaveLength(1);
    // nobody else's data, and no secrets
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.secretLine);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain("$argon2");
    expect(text).not.toMatch(/"(password|token|access_token|refresh_token)"/);

    // another user cannot see it; a changed link is refused
    expect((await other.call("GET", `/api/user/export/${state.export_id}`)).status).toBe(404);
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await t.app.inject({ method: "GET", url: url.pathname + url.search })).statusCode).toBe(403);

    // once its day is over, the file goes
    await t.database.db
      .updateTable("jobs")
      .set({ run_at: 0 })
      .where("kind", "=", "data_export_expiry")
      .where("payload", "like", `%${state.export_id}%`)
      .execute();
    const expired = await eventually(
      async () =>
        dataExportSchema.parse((await user.call("GET", `/api/user/export/${state.export_id}`)).body),
      { until: (expired) => expired.status === "expired", timeout: 10_000, what: "the export to expire" },
    );
    expect(expired).toMatchObject({ status: "expired", url: null });
    expect(await t.storage.exists(`private/exports/${state.export_id}.json`)).toBe(false);

    // the link was emailed
    const emails = await t.database.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("to_address", "=", user.email)
      .where("kind", "=", "data_export")
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text_body).toContain("/media-private/exports/");
  });

  it("allows three archives a day", async () => {
    const user = await newUser();
    for (let index = 0; index < 3; index++) expect((await readyExport(user)).status).toBe("ready");
    expect((await user.call("POST", "/api/user/export")).status).toBe(429);
  });
});

describe("delete my account", () => {
  it("asks for the password", async () => {
    const user = await newUser();
    expect((await user.call("DELETE", "/api/user", {})).status).toBe(403);
    expect((await user.call("DELETE", "/api/user", { password: "wrong-one" })).status).toBe(403);
    expect((await user.call("GET", "/api/user")).status).toBe(200);
  });

  it("leaves nothing of the user but anonymised accounting records; sessions end; an email confirms", async () => {
    const user = await newUser();
    const other = await newUser();
    await readyExport(user);
    const socket = new WebSocket(`${socketBase}/ws/v2?token=${user.token}`);
    const closeReason = new Promise<string>((resolve) =>
      socket.once("close", (_code, reason) => resolve(reason.toString())),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    let sessionsChanged = 0;
    const unsubscribe = bus.onSessionsChanged(user.id, () => {
      sessionsChanged++;
    });
    const deleted = await user.call("DELETE", "/api/user", { password: "secret12" });
    unsubscribe();
    expect(deleted.status).toBe(202);
    expect(sessionsChanged).toBe(1);
    expect(await closeReason).toBe("session_ended");
    expect((await user.call("GET", "/api/user")).status).toBe(401);
    const db = t.database.db;
    const confirmation = await db
      .selectFrom("email_outbox")
      .selectAll()
      .where("to_address", "=", user.email)
      .execute();
    expect(confirmation.map((email) => email.kind)).toEqual(["account_deleted"]);

    // every table, read whole: the user's id and email appear nowhere but in that last email
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toContain("token_ledger");
    for (const table of tables) {
      if (table.startsWith("kysely_")) continue;
      const rows = await db
        .selectFrom(table as "users")
        .selectAll()
        .execute();
      const found = JSON.stringify(
        table === "email_outbox"
          ? rows.filter(
              (row) => !confirmation.some((email) => email.id === (row as unknown as { id?: number }).id),
            )
          : rows,
      );
      expect(found.includes(user.id), `${table} still holds the user id`).toBe(false);
      expect(found.toLowerCase().includes(user.email), `${table} still holds the email`).toBe(false);
    }

    // signing in fails (after the scan: a failed attempt is counted under the address for an hour)
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.61.9.9",
      payload: { email: user.email, password: "secret12" },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);

    // the accounting records stay, on a tombstone without a name, an email or a way to sign in
    const order = await db
      .selectFrom("payment_orders")
      .selectAll()
      .where("provider_reference", "like", "ref-%")
      .execute();
    const ledgerOwners = await db
      .selectFrom("token_ledger")
      .select("user_id")
      .where("user_id", "like", "deleted-%")
      .distinct()
      .execute();
    expect(ledgerOwners).toHaveLength(1);
    const tombstoneId = ledgerOwners[0]?.user_id ?? "";
    expect(order.filter((row) => row.user_id === tombstoneId)).toHaveLength(1);
    const tombstone = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", tombstoneId)
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({ name: "Deleted account", first_name: null, last_name: null });
    expect(tombstone.email).toBe(`${tombstoneId}@deleted.invalid`);
    const anonymisedEvents = await db
      .selectFrom("moderation_events")
      .selectAll()
      .where("user_id", "is", null)
      .where("excerpt", "=", "refused")
      .execute();
    expect(anonymisedEvents.length).toBeGreaterThanOrEqual(1);
    const purge = await db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "safety_records_purge")
      .execute();
    expect(purge.some((job) => job.run_at > Date.now() + 89 * 24 * 3600_000)).toBe(true);

    // the other user is untouched
    expect((await other.call("GET", "/api/user")).status).toBe(200);
    expect((await other.call("GET", `/api/chats/${other.chat.id}/messages`)).status).toBe(200);
  });
});
