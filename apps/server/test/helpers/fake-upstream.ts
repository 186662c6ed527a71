import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake server received, its JSON body parsed (null when it had none). */
export interface RecordedRequest {
  method: string;
  /** the URL's path and query, as sent */
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | null;
}

export type FakeReply = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Record<string, unknown> | null,
) => unknown;

/**
 * A local HTTP server standing in for a provider (an LLM, image, speech or moderation API): it
 * records every request and lets the test answer it, speaking the real protocol over a socket.
 */
export async function startFakeUpstream(reply: FakeReply) {
  const recorded: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      recorded.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      void reply(req, res, body);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    /** `http://127.0.0.1:<port>`, no path */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    recorded,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
