import { SESSION_REPLAY, SESSION_REPLAY_LIMITS } from "@reverie/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type RecordedEvent,
  type ReplayChunkUpload,
  ReplayUploader,
  type UploadOutcome,
} from "./session-replay-uploader";

interface Sent {
  chunk: ReplayChunkUpload;
  keepalive: boolean;
  at: number;
}

function setUp(outcomes: UploadOutcome[] = []) {
  const sent: Sent[] = [];
  const onRefused = vi.fn();
  const uploader = new ReplayUploader({
    send: async (chunk, { keepalive }) => {
      sent.push({ chunk: structuredClone(chunk), keepalive, at: Date.now() });
      return outcomes.shift() ?? "sent";
    },
    onRefused,
    // the longest wait of each step (the jitter is lib/backoff.test.ts's)
    random: () => 0,
  });
  return { uploader, sent, onRefused };
}

let timestamp = 0;
function event(size = 10): RecordedEvent {
  timestamp += 1;
  return { type: 3, timestamp, data: { source: 2, text: "x".repeat(size) } };
}

const START = 1_700_000_000_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("ReplayUploader", () => {
  it("uploads 30 s after the first waiting event, not before", async () => {
    const { uploader, sent } = setUp();
    uploader.add(event());
    await vi.advanceTimersByTimeAsync(10_000);
    uploader.add(event());
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.uploadIntervalMs - 10_000 - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.at).toBe(START + SESSION_REPLAY.uploadIntervalMs);
    expect(sent[0]?.chunk.seq).toBe(0);
    expect(sent[0]?.chunk.events).toHaveLength(2);
    expect(sent[0]?.keepalive).toBe(false);
  });

  it("uploads every 30 s while events keep coming, and nothing while none do", async () => {
    const { uploader, sent } = setUp();
    for (let second = 0; second < 95; second += 5) {
      uploader.add(event());
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(sent.map((upload) => upload.at - START)).toEqual([30_000, 60_000, 90_000]);
    expect(sent.map((upload) => upload.chunk.seq)).toEqual([0, 1, 2]);
    const before = sent.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // the events after the last upload went 30 s later, then nothing more
    expect(sent.length).toBe(before + 1);
  });

  it("tries a failed upload again within 60 s, with the same chunk, never waiting longer", async () => {
    const { uploader, sent } = setUp(["failed", "failed", "failed", "sent"]);
    uploader.add(event());
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.uploadIntervalMs);
    expect(sent).toHaveLength(1);
    uploader.add(event());
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const gaps = sent.slice(1).map((upload, index) => upload.at - (sent[index]?.at ?? 0));
    expect(gaps.every((gap) => gap <= SESSION_REPLAY.maxUploadIntervalMs)).toBe(true);
    expect(gaps.slice(0, 3)).toEqual([60_000, 60_000, 60_000]);
    // the failed chunk went again under its own number, then the newer events
    expect(sent.slice(0, 4).map((upload) => upload.chunk.seq)).toEqual([0, 0, 0, 0]);
    expect(sent[4]?.chunk.seq).toBe(1);
    expect(uploader.waiting).toBe(0);
  });

  it("stops for good when the server refuses the replay", async () => {
    const { uploader, sent, onRefused } = setUp(["refused"]);
    uploader.add(event());
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.uploadIntervalMs);
    expect(onRefused).toHaveBeenCalledTimes(1);
    uploader.add(event());
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(sent).toHaveLength(1);
  });

  it("sends a batch near the body limit at once", async () => {
    const { uploader, sent } = setUp();
    const big = Math.floor(SESSION_REPLAY_LIMITS.chunkBytes / 4);
    for (let index = 0; index < 4; index += 1) uploader.add(event(big));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const upload of sent) {
      expect(JSON.stringify(upload.chunk.events).length).toBeLessThan(SESSION_REPLAY_LIMITS.chunkBytes);
    }
  });

  it("sends everything waiting when the page is hidden, keepalive within the browser's 64 KiB", async () => {
    const { uploader, sent } = setUp();
    for (let index = 0; index < 30; index += 1) uploader.add(event(5_000));
    uploader.flushOnHide();
    await vi.advanceTimersByTimeAsync(0);
    const size = (upload: Sent) => JSON.stringify(upload.chunk.events).length;
    const keepalive = sent.filter((upload) => upload.keepalive);
    expect(keepalive.length).toBeGreaterThan(0);
    expect(keepalive.reduce((sum, upload) => sum + size(upload), 0)).toBeLessThanOrEqual(
      SESSION_REPLAY_LIMITS.keepaliveBytes,
    );
    // what did not fit went as ordinary uploads, nothing was left behind
    expect(sent.some((upload) => !upload.keepalive)).toBe(true);
    expect(sent.flatMap((upload) => upload.chunk.events)).toHaveLength(30);
    expect(sent.map((upload) => upload.chunk.seq)).toEqual(sent.map((_, index) => index));
    expect(uploader.waiting).toBe(0);
  });

  it("sends nothing more once stopped (opted out), not even what waited", async () => {
    const { uploader, sent } = setUp();
    uploader.add(event());
    uploader.stop();
    uploader.add(event());
    uploader.flushOnHide();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(sent).toEqual([]);
  });
});
