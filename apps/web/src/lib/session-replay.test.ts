import { SESSION_REPLAY } from "@reverie/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type KeyValueStore, visitSession } from "./analytics-queue";
import {
  decideSampling,
  REPLAY_KEYS,
  replayOptedOut,
  type SamplingDecision,
  setReplayOptOut,
  shouldRecord,
} from "./session-replay";

class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const always = (value: number) => () => value;

describe("decideSampling", () => {
  it("records no session at rate 0 and every session at rate 1", () => {
    for (const draw of [0, 0.2, 0.999999]) {
      expect(decideSampling("s", 0, null, always(draw)).sampled).toBe(false);
      expect(decideSampling("s", 1, null, always(draw)).sampled).toBe(true);
    }
  });

  it("takes a session in at the default rate 0.2 when the draw is below it, not at it", () => {
    expect(SESSION_REPLAY.sampleRate).toBe(0.2);
    expect(decideSampling("s", SESSION_REPLAY.sampleRate, null, always(0)).sampled).toBe(true);
    expect(decideSampling("s", SESSION_REPLAY.sampleRate, null, always(0.1999)).sampled).toBe(true);
    expect(decideSampling("s", SESSION_REPLAY.sampleRate, null, always(0.2)).sampled).toBe(false);
    expect(decideSampling("s", SESSION_REPLAY.sampleRate, null, always(0.95)).sampled).toBe(false);
  });

  it("samples about a fifth of many sessions", () => {
    let sampled = 0;
    for (let index = 0; index < 10_000; index += 1) {
      if (decideSampling(`s${index}`, 0.2, null).sampled) sampled += 1;
    }
    expect(sampled).toBeGreaterThan(1_700);
    expect(sampled).toBeLessThan(2_300);
  });

  it("decides once per session: the same session keeps its decision, a new session draws again", () => {
    const random = vi.fn(always(0.1));
    const first = decideSampling("session-a", 0.2, null, random);
    expect(first).toEqual({ sessionId: "session-a", sampled: true });
    // a later page of the same session, even with a rate that would now say no
    expect(decideSampling("session-a", 0, first, always(0.9))).toBe(first);
    const notSampled: SamplingDecision = { sessionId: "session-a", sampled: false };
    expect(decideSampling("session-a", 1, notSampled, always(0))).toBe(notSampled);
    expect(random).toHaveBeenCalledTimes(1);
    expect(decideSampling("session-b", 0.2, first, always(0.5))).toEqual({
      sessionId: "session-b",
      sampled: false,
    });
  });
});

describe("shouldRecord", () => {
  it("records only when enabled, sampled and not opted out", () => {
    expect(shouldRecord({ enabled: true, optedOut: false, sampled: true })).toBe(true);
    expect(shouldRecord({ enabled: false, optedOut: false, sampled: true })).toBe(false);
    expect(shouldRecord({ enabled: true, optedOut: true, sampled: true })).toBe(false);
    expect(shouldRecord({ enabled: true, optedOut: false, sampled: false })).toBe(false);
  });
});

describe("the visit's session (shared with analytics)", () => {
  it("keeps its id while there is activity within 30 minutes, and starts a new one after", () => {
    const store = new MemoryStore();
    let next = 0;
    const newId = () => `id-${++next}`;
    const start = 1_700_000_000_000;
    const first = visitSession(store, { now: start, activity: true, newId });
    expect(first.clientId).toBeTruthy();
    const later = visitSession(store, { now: start + 29 * 60_000, activity: true, newId });
    expect(later).toEqual(first);
    const stillActive = visitSession(store, { now: start + 58 * 60_000, activity: false, newId });
    expect(stillActive).toEqual(first);
    const afterIdle = visitSession(store, { now: start + 89 * 60_000, activity: true, newId });
    expect(afterIdle.clientId).toBe(first.clientId);
    expect(afterIdle.sessionId).not.toBe(first.sessionId);
  });
});

describe("the opt-out", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is kept in local storage and read back", () => {
    const store = new MemoryStore();
    vi.stubGlobal("window", { localStorage: store });
    expect(replayOptedOut()).toBe(false);
    setReplayOptOut(true);
    expect(store.getItem(REPLAY_KEYS.optOut)).toBe("true");
    expect(replayOptedOut()).toBe(true);
    // opting back in would start the recorder: without a confirmed age it does nothing
    setReplayOptOut(false);
    expect(store.getItem(REPLAY_KEYS.optOut)).toBeNull();
    expect(replayOptedOut()).toBe(false);
  });
});
