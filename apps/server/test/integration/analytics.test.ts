import { FUNNEL_STEPS, REMOTE_CONFIG_DEFAULTS, remoteConfigSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseJobQueue } from "../../src/queue/job-queue.ts";
import { RateLimitRepository } from "../../src/repositories/rate-limits.ts";
import { AnalyticsService } from "../../src/services/analytics.ts";
import { JOB_PAYLOADS } from "../../src/services/job-registry.ts";
import { RateLimiter } from "../../src/services/rate-limiter.ts";
import { signUp } from "../helpers/accounts.ts";
import { type RecordedRequest, startFakeUpstream } from "../helpers/fake-upstream.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;
let forwarded: RecordedRequest[];
let collectorFailuresLeft = 0;
let collector: Awaited<ReturnType<typeof startFakeUpstream>>;
let clients = 0;

beforeAll(async () => {
  // the forwarded batch of the retry test fails twice; every other batch is taken
  collector = await startFakeUpstream((_req, res, body) => {
    if (collectorFailuresLeft > 0 && JSON.stringify(body).includes('"Forward Me"')) {
      collectorFailuresLeft -= 1;
      res.writeHead(503).end();
      return;
    }
    res.writeHead(204).end();
  });
  forwarded = collector.recorded;
  t = await createTestApp({
    env: { ANALYTICS_FORWARD_URL: `${collector.url}/collect`, REPLAY_SAMPLE_RATE: "0.5" },
  });
});
afterAll(async () => {
  await t?.close();
  collector?.close();
});

function newClient() {
  clients += 1;
  return { client_id: `client-${clients}`, session_id: `session-${clients}` };
}

function event(name: string, props: Record<string, unknown> = {}) {
  return { event: name, props, at: new Date().toISOString() };
}

async function send(
  payload: unknown,
  options: { userAgent?: string | null; token?: string; contentType?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {
    "content-type": options.contentType ?? "application/json",
  };
  if (options.userAgent !== null) headers["user-agent"] = options.userAgent ?? BROWSER;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/analytics/events",
    headers,
    remoteAddress: options.ip ?? "10.12.0.1",
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

function storedEvents(clientId: string) {
  return t.database.db
    .selectFrom("analytics_events")
    .selectAll()
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
}

describe("GET /api/config", () => {
  it("answers the flags from the environment, with defaults for the rest, publicly cached", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    const config = remoteConfigSchema.parse(response.json());
    expect(config).toEqual({ ...REMOTE_CONFIG_DEFAULTS, replay_sample_rate: 0.5 });
  });
});

describe("POST /api/analytics/events", () => {
  it("stores a visitor's batch and answers 202 with how many were kept", async () => {
    const client = newClient();
    const { status, body } = await send({
      ...client,
      events: [event("Visit", { path: "/" }), event("Age Gate Confirmed")],
    });
    expect(status).toBe(202);
    expect(body).toEqual({ accepted: 2 });
    const rows = await storedEvents(client.client_id);
    expect(rows.map((row) => [row.event, JSON.parse(row.props), row.session_id, row.user_id])).toEqual([
      ["Visit", { path: "/" }, client.session_id, null],
      ["Age Gate Confirmed", {}, client.session_id, null],
    ]);
    expect(rows[0]?.received_at).toBeTruthy();
  });

  it("links events to the signed-in sender only when its token says so", async () => {
    const user = await signUp(t, { prefix: "analytics", firstName: null });
    const { token } = user;
    const client = newClient();
    await send({ ...client, events: [{ ...event("Sign Up Completed"), user_id: user.id }] }, { token });
    const stranger = newClient();
    // a claimed user id without the user's token is not believed
    await send({ ...stranger, events: [{ ...event("Sign Up Completed"), user_id: user.id }] });
    expect((await storedEvents(client.client_id)).map((row) => row.user_id)).toEqual([user.id]);
    expect((await storedEvents(stranger.client_id)).map((row) => row.user_id)).toEqual([null]);
  });

  it("drops bot traffic with 202 and stores nothing", async () => {
    for (const userAgent of ["", "Mozilla/5.0 (compatible; Googlebot/2.1)", "HeadlessChrome/120.0"]) {
      const client = newClient();
      const { status, body } = await send({ ...client, events: [event("Visit")] }, { userAgent });
      expect(status).toBe(202);
      expect(body).toEqual({ accepted: 0 });
      expect(await storedEvents(client.client_id)).toEqual([]);
    }
  });

  it.each([
    ["no events", { events: [] }],
    ["more than 50 events", { events: Array.from({ length: 51 }, () => event("Visit")) }],
    ["an event name over 100 characters", { events: [event("x".repeat(101))] }],
    ["props over 4 KiB", { events: [event("Visit", { blob: "x".repeat(4100) })] }],
    ["a time that is not one", { events: [{ event: "Visit", props: {}, at: "yesterday" }] }],
    ["a client id that is not an id", { client_id: "a b", events: [event("Visit")] }],
  ])("refuses a batch with %s (400 with the reason)", async (_case, overrides) => {
    const { status, body } = await send({ ...newClient(), ...overrides });
    expect(status).toBe(400);
    expect(body.message).toEqual(expect.any(String));
    expect(String(body.message).length).toBeGreaterThan(0);
  });

  it("refuses a body over 64 KiB and anything but JSON", async () => {
    const big = {
      ...newClient(),
      events: Array.from({ length: 20 }, () => event("Visit", { blob: "x".repeat(3500) })),
    };
    expect((await send(big)).status).toBe(413);
    const text = await send(JSON.stringify({ ...newClient(), events: [event("Visit")] }), {
      contentType: "text/plain",
    });
    expect(text.status).toBe(415);
  });

  it("limits batches per client (429)", async () => {
    const client = newClient();
    let status = 0;
    for (let batch = 0; batch < 121 && status !== 429; batch += 1) {
      ({ status } = await send({ ...client, events: [event("Tick")] }, { ip: `10.13.${batch % 250}.1` }));
    }
    expect(status).toBe(429);
  });

  it("forwards stored events to the configured collector, retrying while it fails", async () => {
    collectorFailuresLeft = 2;
    const client = newClient();
    const before = forwarded.length;
    await send({ ...client, events: [event("Forward Me", { n: 1 })] });
    const attemptsOfThisClient = () =>
      forwarded
        .slice(before)
        .filter((request) => JSON.stringify(request.body).includes(`"client_id":"${client.client_id}"`));
    const attempts = await eventually(attemptsOfThisClient, {
      until: (attempts) => attempts.length >= 3,
      timeout: 25_000,
      what: "three attempts",
    });
    expect(attempts).toHaveLength(3);
    expect(attempts[2]?.path).toBe("/collect");
    expect(attempts[2]?.body).toEqual({
      events: [
        {
          event: "Forward Me",
          props: { n: 1 },
          client_id: client.client_id,
          session_id: client.session_id,
          user_id: null,
          at: expect.any(String),
        },
      ],
    });
  }, 30_000);
});

describe("the funnel", () => {
  it("counts distinct clients per step, each only after every earlier step", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date();
    const steps = FUNNEL_STEPS.map((step) => step.event);
    // clients that got as far as step 1…6, one each, and one more that reached the last step
    for (const reached of [1, 2, 3, 4, 5, 6, 6]) {
      const events = steps.slice(0, reached).map((name) => event(name));
      // a second visit of the same client counts once
      events.push(event("Visit"));
      await send({ ...newClient(), events });
    }
    // chose an interest without confirming the age gate: a visit only
    await send({ ...newClient(), events: [event("Visit"), event("Gender of Interest Selected")] });
    // before the window: not counted
    await send({
      ...newClient(),
      events: [{ event: "Visit", props: {}, at: new Date(since.getTime() - 60_000).toISOString() }],
    });

    const funnel = await new AnalyticsService({
      db: t.database.db,
      rateLimiter: new RateLimiter(new RateLimitRepository(t.database.db)),
      jobs: new DatabaseJobQueue(t.database.db, t.database.dialect, { kinds: JOB_PAYLOADS }),
      forwardUrl: undefined,
    }).funnel(since);
    expect(funnel.map(({ step, clients }) => [step, clients])).toEqual([
      ["visit", 8],
      ["age_gate_confirmed", 6],
      ["interest", 5],
      ["sign_up", 4],
      ["first_message", 3],
      ["first_purchase", 2],
    ]);
  });
});
