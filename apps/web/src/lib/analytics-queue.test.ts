import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANALYTICS_QUEUE,
  type AnalyticsBatch,
  AnalyticsQueue,
  type AnalyticsQueueOptions,
  type KeyValueStore,
  type SendOutcome,
} from "./analytics-queue";

class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

let ids = 0;

function setUp(options: Partial<AnalyticsQueueOptions> & { outcomes?: SendOutcome[] } = {}) {
  const sent: AnalyticsBatch[] = [];
  const outcomes = [...(options.outcomes ?? [])];
  const store = options.store === undefined ? new MemoryStore() : options.store;
  const queue = new AnalyticsQueue({
    store,
    send: async (batch) => {
      sent.push(structuredClone(batch));
      return outcomes.shift() ?? "sent";
    },
    beacon: options.beacon ?? (() => true),
    canSend: options.canSend ?? (() => true),
    newId: () => `id-${++ids}`,
    // the longest wait of each step unless a test asks for jitter
    random: options.random ?? (() => 0),
  });
  return { queue, sent, store };
}

const event = (name: string, props: Record<string, unknown> = {}) => ({
  event: name,
  props,
  at: new Date().toISOString(),
});

/** Lets the promise of a send settle after a timer fired it. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the analytics queue", () => {
  it("sends what is queued once the flush interval has passed", async () => {
    const { queue, sent } = setUp();
    queue.add(event("Visit"));
    queue.add(event("Age Gate Confirmed"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs - 1);
    expect(sent).toHaveLength(0);
    await advance(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events.map((e) => e.event)).toEqual(["Visit", "Age Gate Confirmed"]);
    expect(queue.pending).toHaveLength(0);
  });

  it("sends at once when 30 events wait", async () => {
    const { queue, sent } = setUp();
    for (let n = 0; n < ANALYTICS_QUEUE.size - 1; n += 1) queue.add(event("Step", { n }));
    await advance(0);
    expect(sent).toHaveLength(0);
    queue.add(event("Step", { n: 29 }));
    await advance(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(30);
  });

  it("keeps the queue in storage, so a new page sends what the last one could not", async () => {
    const { queue, store, sent } = setUp({ canSend: () => false });
    queue.add(event("Visit"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent).toHaveLength(0);
    const next = setUp({ store });
    expect(next.queue.clientId).toBe(queue.clientId);
    expect(next.queue.pending.map((e) => e.event)).toEqual(["Visit"]);
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(next.sent[0]?.events.map((e) => e.event)).toEqual(["Visit"]);
  });

  it("stores at most 1000 events, dropping the oldest", () => {
    const { queue } = setUp({ canSend: () => false });
    for (let n = 0; n < ANALYTICS_QUEUE.storedLimit + 5; n += 1) queue.add(event("Step", { n }));
    expect(queue.pending).toHaveLength(ANALYTICS_QUEUE.storedLimit);
    expect(queue.pending[0]?.props).toEqual({ n: 5 });
  });

  it("retries a failed batch 5 times with a growing pause, then waits for the next event", async () => {
    const { queue, sent } = setUp({ outcomes: ["failed", "failed", "failed", "failed", "failed", "failed"] });
    queue.add(event("Visit"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent).toHaveLength(1);
    // pauses of 2, 4, 8, 16 and 32 seconds
    for (let retry = 1; retry <= ANALYTICS_QUEUE.retries; retry += 1) {
      const pause = ANALYTICS_QUEUE.flushIntervalMs * 2 ** retry;
      await advance(pause - 1);
      expect(sent).toHaveLength(retry);
      await advance(1);
      expect(sent).toHaveLength(retry + 1);
    }
    await advance(10 * 60_000);
    expect(sent).toHaveLength(ANALYTICS_QUEUE.retries + 1);
    expect(queue.pending).toHaveLength(1);
    queue.add(event("Age Gate Confirmed"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent.at(-1)?.events.map((e) => e.event)).toEqual(["Visit", "Age Gate Confirmed"]);
    expect(queue.pending).toHaveLength(0);
  });

  it("shortens each pause by a random share of up to half, so browsers that failed together retry apart", async () => {
    const { queue, sent } = setUp({ outcomes: ["failed"], random: () => 0.999 });
    queue.add(event("Visit"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent).toHaveLength(1);
    // the 2 s pause, nearly halved
    await advance(999);
    expect(sent).toHaveLength(1);
    await advance(2);
    expect(sent).toHaveLength(2);
  });

  it("drops a batch the server refused (retrying cannot help)", async () => {
    const { queue, sent } = setUp({ outcomes: ["refused"] });
    queue.add(event("Visit"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent).toHaveLength(1);
    expect(queue.pending).toHaveLength(0);
  });

  it("counts the same event with the same properties once per 30 seconds", async () => {
    const { queue } = setUp({ canSend: () => false });
    expect(queue.add(event("Paywall Shown", { source: "plans" }))).toBe(true);
    expect(queue.add(event("Paywall Shown", { source: "plans" }))).toBe(false);
    expect(queue.add(event("Paywall Shown", { source: "subscribe" }))).toBe(true);
    await advance(ANALYTICS_QUEUE.throttleMs - 1);
    expect(queue.add(event("Paywall Shown", { source: "plans" }))).toBe(false);
    await advance(1);
    expect(queue.add(event("Paywall Shown", { source: "plans" }))).toBe(true);
    expect(queue.pending).toHaveLength(3);
  });

  it("starts a new session after 30 minutes without events", async () => {
    const { queue, sent } = setUp();
    queue.add(event("Visit"));
    const first = queue.sessionId;
    await advance(ANALYTICS_QUEUE.sessionTimeoutMs - 1);
    queue.add(event("Message Sent"));
    expect(queue.sessionId).toBe(first);
    await advance(ANALYTICS_QUEUE.sessionTimeoutMs);
    queue.add(event("Message Sent", { again: true }));
    expect(queue.sessionId).not.toBe(first);
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent.map((batch) => batch.session_id)).toEqual([first, first, queue.sessionId]);
  });

  it("hands everything waiting to the beacon in batches of 50 when the page hides", () => {
    const beaconed: AnalyticsBatch[] = [];
    const { queue, sent } = setUp({
      beacon: (batch) => {
        beaconed.push(batch);
        return true;
      },
      canSend: () => true,
    });
    for (let n = 0; n < 20; n += 1) queue.add(event("Step", { n }));
    queue.flushWithBeacon();
    expect(sent).toHaveLength(0);
    expect(beaconed.map((batch) => batch.events.length)).toEqual([20]);
    expect(queue.pending).toHaveLength(0);
  });

  it("sends nothing while analytics is off", async () => {
    const { queue, sent } = setUp({ canSend: () => false, beacon: () => true });
    queue.add(event("Visit"));
    await advance(5 * ANALYTICS_QUEUE.flushIntervalMs);
    queue.flushWithBeacon();
    expect(sent).toHaveLength(0);
    expect(queue.pending).toHaveLength(1);
  });
});

describe("before consent", () => {
  it("keeps nothing in the browser, then stores the same client once given a store", async () => {
    const { queue, sent } = setUp({ store: null });
    queue.add(event("Visit"));
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent).toHaveLength(1);
    const clientId = queue.clientId;

    const store = new MemoryStore();
    queue.add(event("Age Gate Confirmed"));
    queue.keepIn(store);
    expect(store.values.get("reverie:analytics:client")).toBe(clientId);
    expect(JSON.parse(store.values.get("reverie:analytics:queue") ?? "[]")).toHaveLength(1);
    await advance(ANALYTICS_QUEUE.flushIntervalMs);
    expect(sent.map((batch) => batch.client_id)).toEqual([clientId, clientId]);
    expect(sent[1]?.session_id).toBe(sent[0]?.session_id);
    expect(store.values.get("reverie:analytics:queue")).toBe("[]");
  });
});
