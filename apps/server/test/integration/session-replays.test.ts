import { SESSION_REPLAY_LIMITS, userSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountDataRepository } from "../../src/repositories/account-data.ts";
import { RateLimitRepository } from "../../src/repositories/rate-limits.ts";
import { RateLimiter } from "../../src/services/rate-limiter.ts";
import { SessionReplayService } from "../../src/services/session-replays.ts";
import { signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;
let off: TestApp;
let replays: SessionReplayService;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { REPLAY_ENABLED: "true", REPLAY_SAMPLE_RATE: "1" } });
  off = await createTestApp();
  replays = new SessionReplayService({
    db: t.database.db,
    rateLimiter: new RateLimiter(new RateLimitRepository(t.database.db)),
    enabled: true,
  });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

/** Asks the server to start a recording (POST /api/replays); answers the status and body. */
async function startRecording(
  client: { client_id: string; session_id: string },
  options: { ip: string; app?: TestApp; token?: string; userAgent?: string },
) {
  const response = await (options.app ?? t).app.inject({
    method: "POST",
    url: "/api/replays",
    headers: {
      "user-agent": options.userAgent ?? BROWSER,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    remoteAddress: options.ip,
    payload: client,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/**
 * A browser of its own: ids, an address so no other test's uploads count against its limits, and
 * a recording the server started for it.
 */
async function newBrowser() {
  counter += 1;
  const client = { client_id: `client-${counter}`, session_id: `session-${counter}` };
  const ip = `10.70.${Math.floor(counter / 250)}.${counter % 250}`;
  const started = await startRecording(client, { ip });
  expect(started.status).toBe(201);
  return { replayId: String(started.body.replay_id), client, ip };
}

function storedChunks(replayId: string) {
  return t.database.db
    .selectFrom("session_replay_chunks")
    .selectAll()
    .where("replay_id", "=", replayId)
    .execute();
}

function events(label: string, count = 2) {
  return Array.from({ length: count }, (_, index) => ({
    type: 3,
    timestamp: 1_700_000_000_000 + index,
    data: { source: 2, label: `${label}-${index}` },
  }));
}

async function upload(
  replayId: string,
  payload: unknown,
  options: {
    app?: TestApp;
    userAgent?: string | null;
    token?: string;
    contentType?: string;
    ip?: string;
  } = {},
) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (options.userAgent !== null) headers["user-agent"] = options.userAgent ?? BROWSER;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await (options.app ?? t).app.inject({
    method: "POST",
    url: `/api/replays/${replayId}/chunks`,
    headers,
    remoteAddress: options.ip ?? "10.70.255.1",
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function newUser() {
  return signUp(t, { prefix: "replayed", firstName: null });
}

function storedReplays(where: { id?: string; userId?: string }) {
  let query = t.database.db.selectFrom("session_replays").selectAll();
  if (where.id) query = query.where("id", "=", where.id);
  if (where.userId) query = query.where("user_id", "=", where.userId);
  return query.execute();
}

describe("POST /api/replays/:replayId/chunks", () => {
  it("stores chunks and gives the events back in recorded order, a repeated chunk once", async () => {
    const { replayId, client, ip } = await newBrowser();
    // the second chunk arrives first (a retried upload): order is the chunks' own
    const later = await upload(replayId, { ...client, seq: 1, events: events("later") }, { ip });
    expect(later).toEqual({ status: 202, body: { stored: true } });
    expect((await upload(replayId, { ...client, seq: 0, events: events("first") }, { ip })).body).toEqual({
      stored: true,
    });
    expect((await upload(replayId, { ...client, seq: 1, events: events("later") }, { ip })).body).toEqual({
      stored: false,
    });

    const stored = await replays.events(replayId);
    expect(stored.map((event) => (event.data as { label: string }).label)).toEqual([
      "first-0",
      "first-1",
      "later-0",
      "later-1",
    ]);
    const [summary] = await replays
      .list({ limit: 200 })
      .then((all) => all.filter((row) => row.id === replayId));
    expect(summary).toMatchObject({ id: replayId, ...client, user_id: null, chunks: 2 });
    expect(summary?.bytes).toBeGreaterThan(0);
  });

  it.each([
    ["no events", { seq: 0, events: [] }],
    ["an event without a type", { seq: 0, events: [{ timestamp: 1, data: {} }] }],
    ["a negative sequence number", { seq: -1, events: events("x") }],
    ["a client id with other characters", { seq: 0, events: events("x"), client_id: "a b" }],
  ])("refuses a chunk with %s (400)", async (_name, body) => {
    const { replayId, client, ip } = await newBrowser();
    const response = await upload(replayId, { ...client, ...body }, { ip });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await storedChunks(replayId)).toEqual([]);
  });

  it("refuses a replay id of other characters (400), an oversized chunk (413) and non-JSON (415)", async () => {
    const { replayId, client, ip } = await newBrowser();
    expect((await upload("bad%20id", { ...client, seq: 0, events: events("x") }, { ip })).status).toBe(400);
    const huge = [{ type: 3, timestamp: 1, data: { text: "x".repeat(SESSION_REPLAY_LIMITS.chunkBytes) } }];
    const oversized = await upload(replayId, { ...client, seq: 0, events: huge }, { ip });
    expect(oversized.status).toBe(413);
    const plain = await upload(replayId, JSON.stringify({ ...client, seq: 0, events: events("x") }), {
      ip,
      contentType: "text/plain",
    });
    expect(plain.status).toBe(415);
    expect(await storedChunks(replayId)).toEqual([]);
  });

  it("drops bot traffic without storing it", async () => {
    const { replayId, client, ip } = await newBrowser();
    for (const userAgent of ["Googlebot/2.1", "Mozilla/5.0 HeadlessChrome/131.0", "curl/8.5.0"]) {
      const response = await upload(
        replayId,
        { ...client, seq: 0, events: events("bot") },
        { ip, userAgent },
      );
      expect(response).toEqual({ status: 202, body: { stored: false } });
    }
    expect(await storedChunks(replayId)).toEqual([]);
  });

  it("limits uploads per client (429)", async () => {
    const { replayId, client, ip } = await newBrowser();
    const statuses: number[] = [];
    for (let seq = 0; seq < 13; seq += 1) {
      statuses.push((await upload(replayId, { ...client, seq, events: events("burst") }, { ip })).status);
    }
    expect(statuses.slice(0, 12).every((status) => status === 202)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it("refuses another browser's replay id (409)", async () => {
    const first = await newBrowser();
    const second = await newBrowser();
    await upload(first.replayId, { ...first.client, seq: 0, events: events("mine") }, { ip: first.ip });
    const response = await upload(
      first.replayId,
      { ...second.client, seq: 1, events: events("theirs") },
      { ip: second.ip },
    );
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("replay_not_yours");
  });

  it("refuses every chunk while replay is turned off (403)", async () => {
    const { replayId, client, ip } = await newBrowser();
    const response = await upload(replayId, { ...client, seq: 0, events: events("x") }, { app: off, ip });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("replay_disabled");
    expect(await off.database.db.selectFrom("session_replays").selectAll().execute()).toEqual([]);
    expect((await startRecording(client, { ip, app: off })).status).toBe(403);
  });
});

describe("a signed-in user's replays", () => {
  it("belong to the uploader, and opting out forgets them and refuses later chunks (403)", async () => {
    const user = await newUser();
    const { replayId, client, ip } = await newBrowser();
    // recorded as a visitor, then signed in: the replay becomes the user's
    await upload(replayId, { ...client, seq: 0, events: events("visitor") }, { ip });
    await upload(replayId, { ...client, seq: 1, events: events("member") }, { ip, token: user.token });
    expect((await storedReplays({ id: replayId }))[0]?.user_id).toBe(user.id);

    const opted = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { authorization: `Bearer ${user.token}` },
      payload: { replay_opt_out: true },
    });
    expect(opted.statusCode).toBe(200);
    expect(userSchema.parse(opted.json()).replay_opt_out).toBe(true);
    expect(await storedReplays({ userId: user.id })).toEqual([]);
    expect(await storedChunks(replayId)).toEqual([]);

    const refused = await upload(
      replayId,
      { ...client, seq: 2, events: events("after") },
      { ip, token: user.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("replay_opted_out");
    const fresh = await newBrowser();
    const refusedNew = await upload(
      fresh.replayId,
      { ...fresh.client, seq: 0, events: events("after") },
      { ip: fresh.ip, token: user.token },
    );
    expect(refusedNew.status).toBe(403);
    expect(await storedReplays({ userId: user.id })).toEqual([]);

    // opting back in: the profile says so and chunks are taken again
    const back = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { authorization: `Bearer ${user.token}` },
      payload: { replay_opt_out: false },
    });
    expect(userSchema.parse(back.json()).replay_opt_out).toBe(false);
    const again = await upload(
      fresh.replayId,
      { ...fresh.client, seq: 0, events: events("again") },
      { ip: fresh.ip, token: user.token },
    );
    expect(again.status).toBe(202);
  });

  it("are listed (not their events) in the user's data and deleted with the account", async () => {
    const user = await newUser();
    const { replayId, client, ip } = await newBrowser();
    await upload(replayId, { ...client, seq: 0, events: events("kept") }, { ip, token: user.token });

    const collected = await new AccountDataRepository(t.database.db).collect(user.id);
    expect(collected.sessionReplays).toEqual([
      expect.objectContaining({ id: replayId, chunks: 1, bytes: expect.anything() }),
    ]);
    expect(JSON.stringify(collected.sessionReplays)).not.toContain("kept-0");

    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { authorization: `Bearer ${user.token}` },
      payload: { password: "secret12" },
    });
    expect(deleted.statusCode).toBe(202);
    expect(await storedReplays({ id: replayId })).toEqual([]);
    expect(await storedChunks(replayId)).toEqual([]);
  });
});

describe("retention", () => {
  it("deletes replays 30 days after their last upload, and keeps newer ones", async () => {
    const old = await newBrowser();
    await upload(old.replayId, { ...old.client, seq: 0, events: events("old") }, { ip: old.ip });
    const later = new Date(Date.now() + 20 * 24 * 60 * 60_000);
    const twentyDaysOn = new SessionReplayService({
      db: t.database.db,
      rateLimiter: new RateLimiter(new RateLimitRepository(t.database.db)),
      enabled: true,
      now: () => later,
    });
    counter += 1;
    const recent = { client_id: `client-${counter}`, session_id: `session-${counter}` };
    const context = { ip: `10.72.0.${counter % 250}`, userAgent: BROWSER, userId: null };
    const { replay_id: recentId } = await twentyDaysOn.start(recent, context);
    await twentyDaysOn.addChunk(recentId, { ...recent, seq: 0, events: events("recent") }, context);
    // a recording started and never uploaded to
    const unused = await newBrowser();
    // 31 days after the first upload, 11 after the second
    const monthOn = new SessionReplayService({
      db: t.database.db,
      rateLimiter: new RateLimiter(new RateLimitRepository(t.database.db)),
      enabled: true,
      now: () => new Date(Date.now() + 31 * 24 * 60 * 60_000),
    });
    expect(await monthOn.deleteExpired()).toBeGreaterThanOrEqual(2);
    expect(await storedReplays({ id: old.replayId })).toEqual([]);
    expect(await storedChunks(old.replayId)).toEqual([]);
    expect(await storedReplays({ id: unused.replayId })).toEqual([]);
    expect(await storedReplays({ id: recentId })).toHaveLength(1);
    await expect(monthOn.events(old.replayId)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("recordings the server started (decision 40: anyone could fill the disk)", () => {
  it("refuses chunks for a recording it never started (404), and stores nothing", async () => {
    counter += 1;
    const client = { client_id: `client-${counter}`, session_id: `session-${counter}` };
    const response = await upload(
      `made-up-${counter}`,
      { ...client, seq: 0, events: events("x") },
      {
        ip: "10.73.0.1",
      },
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("replay_unknown");
    expect(await storedReplays({ id: `made-up-${counter}` })).toEqual([]);
  });

  it("starts a recording with an id of its own, answering when it expires", async () => {
    counter += 1;
    const client = { client_id: `client-${counter}`, session_id: `session-${counter}` };
    const started = await startRecording(client, { ip: "10.73.0.2" });
    expect(started.status).toBe(201);
    expect(started.body.replay_id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const expiresIn = Date.parse(String(started.body.expires_at)) - Date.now();
    expect(expiresIn).toBeGreaterThan((SESSION_REPLAY_LIMITS.recordingMinutes - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(SESSION_REPLAY_LIMITS.recordingMinutes * 60_000);
  });

  it("refuses chunks once the recording expired (410): past its time, or idle", async () => {
    const { replayId, client, ip } = await newBrowser();
    await upload(replayId, { ...client, seq: 0, events: events("first") }, { ip });
    const context = { ip, userAgent: BROWSER, userId: null };
    const at = (minutes: number) =>
      new SessionReplayService({
        db: t.database.db,
        rateLimiter: new RateLimiter(new RateLimitRepository(t.database.db)),
        enabled: true,
        now: () => new Date(Date.now() + minutes * 60_000),
      });
    const idle = at(SESSION_REPLAY_LIMITS.idleMinutes + 1);
    await expect(
      idle.addChunk(replayId, { ...client, seq: 1, events: events("late") }, context),
    ).rejects.toMatchObject({ statusCode: 410, code: "replay_expired" });
    expect(await storedChunks(replayId)).toHaveLength(1);
  });

  it("limits recordings started from one address (429)", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      statuses.push(
        (await startRecording({ client_id: `starter-${index}`, session_id: "s" }, { ip: "10.73.0.3" }))
          .status,
      );
    }
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
