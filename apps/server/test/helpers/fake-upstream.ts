import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

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

/**
 * A fake upstream for a whole test file: started before its tests, its recorded requests emptied
 * before each test, closed after them all. `url` and `recorded` are read once it has started.
 */
export function useFakeUpstream(reply: FakeReply) {
  let started: Awaited<ReturnType<typeof startFakeUpstream>> | undefined;
  const current = () => {
    if (started === undefined) throw new Error("the fake upstream starts in beforeAll");
    return started;
  };
  beforeAll(async () => {
    started = await startFakeUpstream(reply);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    if (started) started.recorded.length = 0;
  });
  return {
    get url() {
      return current().url;
    },
    get recorded() {
      return current().recorded;
    },
  };
}

/** Answers a fake upstream's request with JSON. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A port on 127.0.0.1 nothing listens on: a server opened it and has closed it. */
export async function closedPort(): Promise<number> {
  const closed = createServer();
  closed.listen(0, "127.0.0.1");
  await once(closed, "listening");
  const port = (closed.address() as AddressInfo).port;
  closed.close();
  await once(closed, "close");
  return port;
}

/** The tokens an OpenAI-compatible server reports in a completion's last chunk (stream_options.include_usage). */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * Streams one chat completion as OpenAI does: the role, each piece, the stop, then (when `usage`
 * is given) the usage chunk with no choices, and [DONE].
 */
export function streamCompletion(
  res: ServerResponse,
  pieces: readonly string[],
  options: { model?: string; usage?: FakeUsage } = {},
): void {
  const model = options.model ?? "test-model";
  const event = (fields: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1_700_000_000, model, ...fields })}\n\n`;
  const choice = (delta: Record<string, unknown>, finish: string | null = null) =>
    event({ choices: [{ index: 0, delta, finish_reason: finish }] });
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  res.end(
    [
      choice({ role: "assistant", content: "" }),
      ...pieces.map((content) => choice({ content })),
      choice({}, "stop"),
      ...(options.usage
        ? [
            event({
              choices: [],
              usage: {
                ...options.usage,
                total_tokens: options.usage.prompt_tokens + options.usage.completion_tokens,
              },
            }),
          ]
        : []),
      "data: [DONE]\n\n",
    ].join(""),
  );
}

/**
 * A reply that first answers 429 (or `status`) with `Retry-After: retryAfter` once, as a rate
 * limited server does, and hands every later request to `then`. `limited` says how often it
 * refused, `limitedAt` when.
 */
export function rateLimitedOnce(
  retryAfter: string,
  then: FakeReply,
  status: 429 | 503 = 429,
): ((req: IncomingMessage, res: ServerResponse, body?: Record<string, unknown> | null) => void) & {
  limited: number;
  limitedAt: number;
  reset(): void;
} {
  const reply = Object.assign(
    (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown> | null = null) => {
      if (reply.limited > 0) {
        void then(req, res, body);
        return;
      }
      reply.limited++;
      reply.limitedAt = Date.now();
      res.writeHead(status, { "content-type": "application/json", "retry-after": retryAfter });
      res.end(JSON.stringify({ error: { message: "Rate limit reached", code: "rate_limit_exceeded" } }));
    },
    {
      limited: 0,
      /** when it last refused (epoch ms) */
      limitedAt: 0,
      reset() {
        reply.limited = 0;
      },
    },
  );
  return reply;
}

/** Whether a chat completion request asked for JSON by a schema (`response_format` json_schema). */
export function wantsJsonSchema(body: Record<string, unknown> | null): boolean {
  const format = body?.response_format as { type?: unknown } | undefined;
  return format?.type === "json_schema";
}

/**
 * Answers a structured-output request as OpenAI does: one completion (no stream) whose message's
 * content is `content` as JSON text.
 */
export function structuredCompletion(
  res: ServerResponse,
  content: unknown,
  options: { model?: string } = {},
): void {
  json(res, 200, {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model: options.model ?? "test-model",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: JSON.stringify(content), refusal: null },
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });
}
