/**
 * A server-sent events reader (the WHATWG "text/event-stream" format) over a byte stream.
 * Bytes may be split anywhere, including inside a line or a UTF-8 character; lines end in
 * \n, \r\n or \r. Comment lines (": keep-alive") are reported too, so that a caller can treat
 * them as signs of life.
 */

export type SseItem = { kind: "event"; event: string; data: string } | { kind: "comment"; text: string };

export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseItem> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      buffer += value;
      // a trailing \r may be the first half of \r\n: keep it until the next chunk
      const end = buffer.endsWith("\r") ? buffer.length - 1 : buffer.length;
      let start = 0;
      for (;;) {
        const newline = findNewline(buffer, start, end);
        if (newline < 0) break;
        const line = buffer.slice(start, newline);
        start = newline + (buffer[newline] === "\r" && buffer[newline + 1] === "\n" ? 2 : 1);
        if (line === "") {
          if (data.length > 0) yield { kind: "event", event: event || "message", data: data.join("\n") };
          data = [];
          event = "";
          continue;
        }
        if (line.startsWith(":")) {
          yield { kind: "comment", text: line.slice(1).trim() };
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") data.push(value);
        else if (field === "event") event = value;
        // "id" and "retry" do not matter to a one-shot stream
      }
      buffer = buffer.slice(start);
    }
    // the stream ended without a blank line after the last event: still deliver it
    const last = buffer.replace(/\r$/, "");
    if (last.startsWith("data:")) data.push(last.slice(5).replace(/^ /, ""));
    if (data.length > 0) yield { kind: "event", event: event || "message", data: data.join("\n") };
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

function findNewline(text: string, from: number, end: number): number {
  for (let index = from; index < end; index++) {
    const char = text.charCodeAt(index);
    if (char === 10 || char === 13) return index;
  }
  return -1;
}
