import { once } from "node:events";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort } from "../../test/helpers/fake-upstream.ts";
import { apiRoot, UpstreamCall } from "./upstream-http.ts";

class ProviderError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
  }
}

describe("apiRoot", () => {
  it("adds /v1 to a bare host only, and drops trailing slashes", () => {
    expect(apiRoot("http://127.0.0.1:8880")).toBe("http://127.0.0.1:8880/v1");
    expect(apiRoot("http://127.0.0.1:8880/")).toBe("http://127.0.0.1:8880/v1");
    expect(apiRoot("https://api.openai.com/v1/")).toBe("https://api.openai.com/v1");
    expect(apiRoot("https://openrouter.ai/api/v1")).toBe("https://openrouter.ai/api/v1");
    expect(apiRoot(" http://localhost:11434/v1 ")).toBe("http://localhost:11434/v1");
    expect(apiRoot("not a url/")).toBe("not a url");
  });
});

describe("UpstreamCall", () => {
  let server: Server;
  let url: string;
  const routes: Record<string, (res: ServerResponse) => void> = {
    "/ok": (res) => res.writeHead(200, { "content-type": "text/plain" }).end("fine"),
    "/busy": (res) => res.writeHead(503).end('{"error":{"message":"overloaded"}}'),
    "/denied": (res) => res.writeHead(401).end('{"error":"bad key"}'),
    "/slow": () => {},
  };
  beforeAll(async () => {
    server = createServer((req, res) => routes[req.url ?? ""]?.(res));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const attempt = async (path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) => {
    const call = new UpstreamCall({
      where: "the test server",
      timeoutMs: options.timeoutMs ?? 5_000,
      signal: options.signal,
      error: (message, errorOptions) => new ProviderError(message, errorOptions),
    });
    try {
      const response = await call.fetch(`${url}${path}`, { method: "GET", headers: {} });
      return await call.read("while reading", () => response.text());
    } finally {
      call.end();
    }
  };

  it("returns a 2xx answer", async () => {
    expect(await attempt("/ok")).toBe("fine");
  });

  it("makes 5xx retryable and other 4xx final, with the server's message", async () => {
    await expect(attempt("/busy")).rejects.toMatchObject({
      retryable: true,
      message: "the test server answered HTTP 503: overloaded",
    });
    await expect(attempt("/denied")).rejects.toMatchObject({
      retryable: false,
      message: "the test server answered HTTP 401: bad key",
    });
  });

  it("turns a timeout into a retryable error, and a caller's abort into its own reason", async () => {
    const timedOut = attempt("/slow", { timeoutMs: 50 });
    await expect(timedOut).rejects.toBeInstanceOf(ProviderError);
    await expect(timedOut).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/did not answer within 50 ms/),
    });

    const controller = new AbortController();
    const aborted = attempt("/slow", { signal: controller.signal });
    const reason = new Error("the user left");
    setTimeout(() => controller.abort(reason), 20);
    await expect(aborted).rejects.toBe(reason);
  });

  it("makes a refused connection retryable", async () => {
    const port = await closedPort();
    const call = new UpstreamCall({
      where: "nobody",
      timeoutMs: 5_000,
      error: (message, options) => new ProviderError(message, options),
    });
    await expect(
      call.fetch(`http://127.0.0.1:${port}/`, { method: "GET", headers: {} }),
    ).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/ECONNREFUSED/),
    });
    call.end();
  });
});
