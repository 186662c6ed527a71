import { randomBytes } from "node:crypto";
import type { SocketEvent } from "@reverie/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisEventBus } from "../../src/realtime/redis-bus.ts";
import { signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const redisUrl = process.env.REDIS_URL;

/** Waits a moment for anything Redis still delivers. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

// Two deployments sharing one Redis, told apart by JOB_QUEUE_PREFIX (decision 39, "Shared Redis").
describe.runIf(Boolean(redisUrl))("deployments sharing a Redis", () => {
  const prefixA = `reverie-a-${randomBytes(4).toString("hex")}`;
  const prefixB = `reverie-b-${randomBytes(4).toString("hex")}`;
  const buses: RedisEventBus[] = [];
  let observer: Redis;
  const heard: string[] = [];
  let a: TestApp;
  let b: TestApp;

  async function bus(prefix: string): Promise<RedisEventBus> {
    const created = new RedisEventBus(redisUrl ?? "", prefix);
    buses.push(created);
    await created.ready;
    return created;
  }

  beforeAll(async () => {
    observer = new Redis(redisUrl ?? "");
    observer.on("pmessage", (_pattern, channel) => heard.push(channel));
    await observer.psubscribe("*");
    const env = (prefix: string) => ({
      REDIS_URL: redisUrl ?? "",
      JOB_QUEUE: "database",
      JOB_QUEUE_PREFIX: prefix,
    });
    a = await createTestApp({ env: env(prefixA) });
    b = await createTestApp({ env: env(prefixB) });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.allSettled(buses.map((each) => each.close()));
    await observer?.quit();
  });

  it("hands a chat event only to the instances of the same deployment", async () => {
    const publisherA = await bus(prefixA);
    const otherInstanceA = await bus(prefixA);
    const deploymentB = await bus(prefixB);
    const userId = "user-on-both";
    const inA: SocketEvent[] = [];
    const inB: SocketEvent[] = [];
    otherInstanceA.subscribe(userId, (event) => inA.push(event));
    deploymentB.subscribe(userId, (event) => inB.push(event));
    let sessionsInB = 0;
    deploymentB.onSessionsChanged(userId, () => {
      sessionsInB += 1;
    });

    const event = { type: "chat_deleted", chat_id: "chat-1" } as unknown as SocketEvent;
    await publisherA.publish(userId, event);
    await publisherA.publishSessionsChanged(userId);
    await settle();
    expect(inA).toEqual([event]);
    expect(inB).toEqual([]);
    expect(sessionsInB).toBe(0);
  });

  it("publishes every channel of an app under its own prefix", async () => {
    const users: Array<{ id: string; prefix: string }> = [];
    for (const [app, prefix] of [
      [a, prefixA],
      [b, prefixB],
    ] as const) {
      // the same address in both deployments
      const user = await signUp(app, { email: "shared-redis@example.com", firstName: null });
      users.push({ id: user.id, prefix });
      const logout = await user.call("POST", "/api/auth/logout");
      expect(logout.status).toBeLessThan(300);
    }
    await settle();
    for (const { id, prefix } of users) {
      const theirs = heard.filter((channel) => channel.endsWith(`:${id}`));
      expect(theirs).toContain(`${prefix}:sessions:${id}`);
      expect(theirs.filter((channel) => !channel.startsWith(`${prefix}:`))).toEqual([]);
    }
  });
});
