import { describe, expect, it } from "vitest";
import { readSse, type SseItem } from "./sse.ts";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** The bytes cut at every `size` bytes (so lines and UTF-8 characters split). */
function cut(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let index = 0; index < bytes.length; index += size) chunks.push(bytes.slice(index, index + size));
  return chunks;
}

async function read(chunks: Uint8Array[]): Promise<SseItem[]> {
  const items: SseItem[] = [];
  for await (const item of readSse(streamOf(chunks))) items.push(item);
  return items;
}

const encoder = new TextEncoder();

describe("readSse", () => {
  const text =
    ": OPENROUTER PROCESSING\n\n" +
    'data: {"content":"Café ☕"}\n\n' +
    "event: error\r\ndata: line one\r\ndata: line two\r\n\r\n" +
    "id: 7\rretry: 100\rdata:no space\r\r" +
    'data: {"content":"🌙 naïve"}\n\n' +
    "data: [DONE]\n\n";
  const expected: SseItem[] = [
    { kind: "comment", text: "OPENROUTER PROCESSING" },
    { kind: "event", event: "message", data: '{"content":"Café ☕"}' },
    { kind: "event", event: "error", data: "line one\nline two" },
    { kind: "event", event: "message", data: "no space" },
    { kind: "event", event: "message", data: '{"content":"🌙 naïve"}' },
    { kind: "event", event: "message", data: "[DONE]" },
  ];

  it("reads events, comments and every kind of line ending", async () => {
    expect(await read([encoder.encode(text)])).toEqual(expected);
  });

  it("gives the same events however the bytes are split, even inside a character or a CRLF", async () => {
    const bytes = encoder.encode(text);
    for (const size of [1, 2, 3, 5, 7, 13]) {
      expect(await read(cut(bytes, size)), `chunks of ${size}`).toEqual(expected);
    }
  });

  it("delivers a last event that has no blank line after it", async () => {
    expect(await read([encoder.encode('data: {"a":1}\n\ndata: [DONE]')])).toEqual([
      { kind: "event", event: "message", data: '{"a":1}' },
      { kind: "event", event: "message", data: "[DONE]" },
    ]);
  });

  it("cancels the stream when the reader stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode("data: tick\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const item of readSse(body)) {
      expect(item).toEqual({ kind: "event", event: "message", data: "tick" });
      break;
    }
    expect(cancelled).toBe(true);
  });
});
