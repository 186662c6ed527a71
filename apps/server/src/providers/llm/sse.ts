/**
 * A server-sent events reader (the WHATWG "text/event-stream" format) over a body read as text
 * or as bytes. Either may be split anywhere, including inside a line or (bytes) a UTF-8
 * character; lines end in \n, \r\n or \r. Comment lines (": keep-alive") are reported too, so
 * that a caller can treat them as signs of life.
 */

export type SseItem = { kind: "event"; event: string; data: string } | { kind: "comment"; text: string };

export async function* readSse(body: AsyncIterable<string | Uint8Array>): AsyncGenerator<SseItem> {
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  // leaving the loop early (the caller stopped reading) closes the body
  for await (const part of body) {
    buffer += typeof part === "string" ? part : decoder.decode(part, { stream: true });
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
  buffer += decoder.decode();
  // the stream ended without a blank line after the last event: still deliver it
  const last = buffer.replace(/\r$/, "");
  if (last.startsWith("data:")) data.push(last.slice(5).replace(/^ /, ""));
  if (data.length > 0) yield { kind: "event", event: event || "message", data: data.join("\n") };
}

function findNewline(text: string, from: number, end: number): number {
  for (let index = from; index < end; index++) {
    const char = text.charCodeAt(index);
    if (char === 10 || char === 13) return index;
  }
  return -1;
}
