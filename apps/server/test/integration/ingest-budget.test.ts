import { ANALYTICS_INGEST_LIMITS } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseJobQueue } from "../../src/queue/job-queue.ts";
import { RateLimitRepository } from "../../src/repositories/rate-limits.ts";
import { AnalyticsService } from "../../src/services/analytics.ts";
import { JOB_PAYLOADS } from "../../src/services/job-registry.ts";
import { RateLimiter } from "../../src/services/rate-limiter.ts";
import { RetentionSweeper } from "../../src/services/retention-sweeper.ts";
import { SessionReplayService } from "../../src/services/session-replays.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Decision 40, "anyone can fill the disk": ~168 MB a minute from one anonymous address went into
// replay chunks and analytics batches. Byte budgets per address and in all now answer 413/429.

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MiB = 1024 * 1024;

let t: TestApp;
let small: TestApp;
let counter = 0;

beforeAll(async () => {
  // the defaults: 16 MiB an hour per address, 2 GiB a day in all
  t = await createTestApp({ env: { REPLAY_ENABLED: "true", REPLAY_SAMPLE_RATE: "1" } });
  // budgets made small to reach the global one quickly
  small = await createTestApp({
    env: {
      REPLAY_ENABLED: "true",
      REPLAY_SAMPLE_RATE: "1",
      INGEST_CLIENT_BYTES_PER_HOUR: String(512 * 1024),
      INGEST_GLOBAL_BYTES_PER_DAY: String(MiB),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await small?.close();
});

function ids() {
  counter += 1;
  return { client_id: `client-${counter}`, session_id: `session-${counter}` };
}

async function start(app: TestApp, client: { client_id: string; session_id: string }, ip: string) {
  const response = await app.app.inject({
    method: "POST",
    url: "/api/replays",
    headers: { "user-agent": BROWSER },
    remoteAddress: ip,
    payload: client,
  });
  expect(response.statusCode).toBe(201);
  return String((response.json() as { replay_id: string }).replay_id);
}

/** A chunk of about `bytes` of events. */
function chunk(client: { client_id: string; session_id: string }, seq: number, bytes: number) {
  return { ...client, seq, events: [{ type: 2, timestamp: 1, data: { blob: "x".repeat(bytes) } }] };
}

async function uploadChunk(app: TestApp, replayId: string, body: unknown, ip: string) {
  const response = await app.app.inject({
    method: "POST",
    url: `/api/replays/${replayId}/chunks`,
    headers: { "content-type": "application/json", "user-agent": BROWSER },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    retryAfter: response.headers["retry-after"],
  };
}

async function sendBatch(app: TestApp, client: { client_id: string; session_id: string }, ip: string) {
  const props = { blob: "y".repeat(ANALYTICS_INGEST_LIMITS.propsBytes - 100) };
  const events = Array.from({ length: 12 }, () => ({
    event: "Padding",
    props,
    at: new Date().toISOString(),
  }));
  const response = await app.app.inject({
    method: "POST",
    url: "/api/analytics/events",
    headers: { "content-type": "application/json", "user-agent": BROWSER },
    remoteAddress: ip,
    payload: JSON.stringify({ ...client, events }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function storedReplayBytes(app: TestApp): Promise<number> {
  const rows = await app.database.db.selectFrom("session_replays").select("bytes").execute();
  return rows.reduce((sum, row) => sum + Number(row.bytes), 0);
}

describe("byte budgets", () => {
  it("a loop of replay uploads from one address hits 429 with Retry-After within its hourly budget", async () => {
    const ip = "10.80.0.1";
    const before = await storedReplayBytes(t);
    let refused: Awaited<ReturnType<typeof uploadChunk>> | null = null;
    let uploads = 0;
    // one recording per 10 chunks (its per-client rate limit is 12 a minute)
    for (let recording = 0; recording < 5 && !refused; recording += 1) {
      const client = ids();
      const replayId = await start(t, client, ip);
      for (let seq = 0; seq < 10; seq += 1) {
        const answer = await uploadChunk(t, replayId, chunk(client, seq, 900 * 1024), ip);
        uploads += 1;
        if (answer.status !== 202) {
          refused = answer;
          break;
        }
      }
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toBe("over_budget");
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused?.retryAfter)).toBeLessThanOrEqual(3600);
    expect(uploads).toBeLessThanOrEqual(20);
    const stored = (await storedReplayBytes(t)) - before;
    expect(stored).toBeGreaterThan(10 * MiB);
    expect(stored).toBeLessThanOrEqual(16 * MiB);

    // analytics batches from the same address share its budget
    const batch = await sendBatch(t, ids(), ip);
    expect(batch.status).toBe(429);
    expect(batch.body.error).toBe("over_budget");
    // another address still has its own
    const elsewhere = await sendBatch(t, ids(), "10.80.0.2");
    expect(elsewhere.status).toBe(202);
  });

  it("a loop of analytics batches from one address hits 429 within the budget", async () => {
    const ip = "10.80.0.3";
    let status = 202;
    let batches = 0;
    while (status === 202 && batches < 400) {
      // a new client id each time: the per-client batch limit does not stop it, the budget does
      ({ status } = await sendBatch(t, ids(), ip));
      batches += 1;
    }
    expect(status).toBe(429);
    // each batch is ~48 KiB: 16 MiB is ~340 of them
    expect(batches).toBeLessThanOrEqual(345);
  });

  it("refuses everyone (429) once the global budget is spent, and 413 for an upload larger than a budget", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const client = ids();
      const ip = `10.81.0.${index + 1}`;
      const replayId = await start(small, client, ip);
      statuses.push((await uploadChunk(small, replayId, chunk(client, 0, 200 * 1024), ip)).status);
    }
    // 1 MiB a day in all: the sixth 200 KiB chunk is over it, whoever sends it
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);

    const client = ids();
    const replayId = await start(small, client, "10.81.1.1");
    const tooLarge = await uploadChunk(small, replayId, chunk(client, 0, 600 * 1024), "10.81.1.1");
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe("over_budget_size");
  });
});

describe("retention", () => {
  it("the sweeper deletes analytics events and replays 30 days after they came", async () => {
    const ip = "10.82.0.1";
    const client = ids();
    const replayId = await start(t, client, ip);
    expect((await uploadChunk(t, replayId, chunk(client, 0, 100), ip)).status).toBe(202);
    expect((await sendBatch(t, client, ip)).status).toBe(202);
    const db = t.database.db;
    const countEvents = async () =>
      (
        await db
          .selectFrom("analytics_events")
          .select("id")
          .where("client_id", "=", client.client_id)
          .execute()
      ).length;
    expect(await countEvents()).toBe(12);

    const monthOn = () => new Date(Date.now() + 31 * 24 * 60 * 60_000);
    const rateLimiter = new RateLimiter(new RateLimitRepository(db));
    const sweeper = new RetentionSweeper({
      replays: new SessionReplayService({ db, rateLimiter, enabled: true, now: monthOn }),
      analytics: new AnalyticsService({
        db,
        rateLimiter,
        jobs: new DatabaseJobQueue(db, t.database.dialect, { kinds: JOB_PAYLOADS }),
        forwardUrl: undefined,
        now: monthOn,
      }),
    });
    const swept = await sweeper.sweep();
    expect(swept.replays).toBeGreaterThanOrEqual(1);
    expect(swept.analyticsEvents).toBeGreaterThanOrEqual(12);
    expect(await countEvents()).toBe(0);
    expect(await db.selectFrom("session_replays").select("id").where("id", "=", replayId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom("session_replay_chunks").select("id").where("replay_id", "=", replayId).execute(),
    ).toEqual([]);
  });
});
