import { randomBytes } from "node:crypto";
import { chatSchema, modelListSchema, type SocketEvent } from "@reverie/shared";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrator.ts";
import { seedCatalog } from "../../src/db/seed/index.ts";
import { DiskMediaStorage } from "../../src/media/storage.ts";
import { BULLMQ_QUEUE_NAME } from "../../src/queue/bullmq-queue.ts";
import { signUp } from "../helpers/accounts.ts";
import { ScriptedLlm } from "../helpers/scripted-llm.ts";
import { createTestApp, createTestDatabase, type TestApp, testDatabaseKind } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const redisUrl = process.env.REDIS_URL;
// Two instances on one Postgres and one Redis, as in production; CI provides both.
const runs = testDatabaseKind() === "postgres" && Boolean(redisUrl);

describe.runIf(runs)("two instances on one Postgres and one Redis", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let web: TestApp;
  let worker: TestApp;
  let webUrl: string;
  let redis: Redis;
  let jobQueue: Queue;
  // keys of their own, so parallel test files never share a queue
  const prefix = `reverie-scale-${randomBytes(6).toString("hex")}`;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrateToLatest(database);
    await seedCatalog(database.db, new DiskMediaStorage("/tmp/reverie-scale-out-media"), {
      generateMedia: false,
    });
    redis = new Redis(redisUrl ?? "", { maxRetriesPerRequest: null });
    jobQueue = new Queue(BULLMQ_QUEUE_NAME, { connection: redis, prefix });
    // with REDIS_URL the job queue is BullMQ, as in production
    const env = { REDIS_URL: redisUrl ?? "", JOB_QUEUE_PREFIX: prefix };
    // instance A serves the user's socket and runs no jobs; instance B only works on jobs
    web = await createTestApp({ database, env: { ...env, JOBS_IN_PROCESS: "false" } });
    worker = await createTestApp({
      database,
      env: { ...env, JOBS_IN_PROCESS: "true" },
      llm: new ScriptedLlm(),
    });
    webUrl = (await web.app.listen({ host: "127.0.0.1", port: 0 })).replace("http", "ws");
  });
  afterAll(async () => {
    await web?.close();
    await worker?.close();
    await jobQueue?.obliterate({ force: true });
    await jobQueue?.close();
    await redis?.quit();
    await drop?.();
  });

  it("delivers a reply produced by instance B to the socket the user holds on instance A", async () => {
    const { token } = await signUp(web, { prefix: "scale", firstName: null });
    const headers = { authorization: `Bearer ${token}` };
    const model = modelListSchema.parse((await web.get("/api/models?gender=male")).body).items[0];
    const chat = chatSchema.parse(
      (
        await web.app.inject({ method: "POST", url: "/api/chats", headers, payload: { model_id: model?.id } })
      ).json(),
    );

    const socket = new WebSocket(`${webUrl}/ws/v2?token=${token}`);
    const events: SocketEvent[] = [];
    socket.on("message", (data) => {
      const text = data.toString();
      if (text !== "pong") events.push(JSON.parse(text) as SocketEvent);
    });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });

    const sent = await web.app.inject({
      method: "POST",
      url: `/api/chats/${chat.id}/messages`,
      headers,
      payload: { message: { text: "across instances" } },
    });
    expect(sent.statusCode).toBe(202);

    const final = await eventually(
      () => events.find((event) => event.action === "add" && event.message.type === "text"),
      { timeout: 15_000, what: "the reply" },
    ).catch(() => undefined);
    socket.close();
    expect(final?.action === "add" && final.message.text).toBe(`${model?.name} heard: across instances`);
    expect(events[0]?.action === "add" && events[0].message.type).toBe("typing");
    // the reply job went through BullMQ, from A's transaction to B's worker, and so did the
    // remember job the stored reply added (decision 45)
    await expect
      .poll(() => jobQueue.getJobCounts("completed", "failed", "waiting", "active"))
      .toEqual({
        completed: 2,
        failed: 0,
        waiting: 0,
        active: 0,
      });
    expect(await database.db.selectFrom("jobs").select(["kind", "status"]).orderBy("id").execute()).toEqual([
      { kind: "reply", status: "done" },
      { kind: "remember", status: "done" },
    ]);
  });

  it("closes the socket held on instance A within a second of signing out on instance B", async () => {
    const { token } = await signUp(web, { prefix: "scale-logout", firstName: null });
    const socket = new WebSocket(`${webUrl}/ws/v2?token=${token}`);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const closed = new Promise<string>((resolve) =>
      socket.once("close", (_code, reason) => resolve(reason.toString())),
    );

    const logout = await worker.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 1000));
    expect(await Promise.race([closed, timeout])).toBe("session_ended");
  });
});
