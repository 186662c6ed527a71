import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from "./chunk-load";

describe("loading a chunk of code", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives the module when it arrives in time", async () => {
    await expect(loadChunk("chat-room", async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it("fails with 'Loading chunk N failed' after 120 s", async () => {
    const loading = loadChunk("chat-room", () => new Promise<never>(() => {}));
    const outcome = expect(loading).rejects.toThrow(new ChunkLoadError("Loading chunk chat-room failed"));
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("does not fail a chunk that is still within the time-out", async () => {
    let settled = false;
    void loadChunk("gallery", () => new Promise<never>(() => {})).catch(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
  });

  it("fails the same way when the import fails, keeping the browser's error as the cause", async () => {
    const gone = new TypeError("Failed to fetch dynamically imported module: /assets/gallery-x1.js");
    const error = await loadChunk("gallery", () => Promise.reject(gone)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe("Loading chunk gallery failed");
    expect((error as Error).cause).toBe(gone);
  });

  it("tells code that did not load from code that failed while running", () => {
    expect(isChunkLoadError(new ChunkLoadError("Loading chunk 3 failed"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Loading chunk 3 failed")).toBe(false);
  });
});
