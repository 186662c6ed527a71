import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import {
  isRetryableStatus,
  retryAfterMs,
  type UpstreamErrorFactory,
  UpstreamFailures,
  upstreamMessage,
} from "../upstream-http.ts";

/** How much of an error body is read for its message. */
const ERROR_BODY_LIMIT = 16_384;

// kept-alive connections: a reply does not pay for a new connection (or TLS handshake) each time
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

export interface StreamingPostOptions {
  /** the server as shown in messages (describeUrl) */
  where: string;
  /** longest wait for the response to start, or for the next chunk of it */
  timeoutMs: number;
  /** the caller's abort: its reason is thrown as it is */
  signal?: AbortSignal | undefined;
  error: UpstreamErrorFactory;
}

/**
 * One POST to a model server whose answer streams (server-sent events), on node:http(s) rather
 * than fetch: undici's fetch and its web streams cost a chat reply ~2 ms of CPU in the chat bench,
 * this a fraction of it. The timeout counts only while waiting on the server (not while the caller
 * handles a chunk); a failure is the provider's error, retryable or not as UpstreamCall decides;
 * the caller's abort closes the connection and is thrown as its own reason.
 */
export class StreamingPost {
  readonly #options: StreamingPostOptions;
  readonly #request: ClientRequest;
  readonly #response: Promise<IncomingMessage>;
  readonly #onAbort: () => void;
  readonly #failures: UpstreamFailures;
  #timer: NodeJS.Timeout | undefined;

  /** `url` is parsed once by the caller: a request then costs no URL parsing. */
  constructor(
    url: URL,
    init: { headers: Record<string, string>; body: string },
    options: StreamingPostOptions,
  ) {
    options.signal?.throwIfAborted();
    this.#options = options;
    this.#failures = new UpstreamFailures(options);
    const https = url.protocol === "https:";
    this.#request = (https ? httpsRequest : httpRequest)({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port,
      path: url.pathname + url.search,
      ...(url.username
        ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
        : {}),
      method: "POST",
      headers: { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
      agent: https ? agents.https : agents.http,
    });
    this.#response = new Promise<IncomingMessage>((resolve, reject) => {
      this.#request.once("response", resolve);
      this.#request.once("error", reject);
    });
    // a failure after the response arrived is read from the response; none goes unhandled
    this.#response.catch(() => {});
    this.#onAbort = () => this.#request.destroy(options.signal?.reason);
    options.signal?.addEventListener("abort", this.#onAbort, { once: true });
    this.#restartTimer();
    this.#request.end(init.body);
  }

  /** The response once its head arrived; an answer other than 2xx is thrown as the provider's error. */
  async response(): Promise<{ contentType: string }> {
    const response = await this.#step("before the response", () => this.#response);
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      const text = await this.#step("while reading the error", () => readStart(response, ERROR_BODY_LIMIT));
      throw this.#failures.error(
        `${this.#options.where} answered HTTP ${status}: ${upstreamMessage(text, response.statusMessage ?? "")}`,
        {
          retryable: isRetryableStatus(status),
          retryAfterMs: retryAfterMs(status, response.headers["retry-after"]),
        },
      );
    }
    response.setEncoding("utf8");
    return { contentType: response.headers["content-type"] ?? "" };
  }

  /**
   * The body as text, chunk by chunk as it arrives (UTF-8 characters split across packets are
   * joined); the timer runs only while the next chunk is awaited.
   */
  async *text(): AsyncGenerator<string> {
    const response = await this.#response;
    const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
    for (;;) {
      this.#restartTimer();
      const next = await this.#step("mid-stream", () => chunks.next());
      this.#pauseTimer();
      if (next.done) return;
      yield next.value;
    }
  }

  /** Stops the timer, forgets the caller's signal and closes the connection unless the answer was read whole. */
  end(): void {
    this.#pauseTimer();
    this.#options.signal?.removeEventListener("abort", this.#onAbort);
    this.#response.then(
      (response) => {
        if (!response.complete) response.destroy();
      },
      () => {},
    );
    if (!this.#request.destroyed && !this.#request.writableFinished) this.#request.destroy();
  }

  async #step<T>(during: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.#pauseTimer();
      throw this.#failures.fail(error, during);
    }
  }

  #restartTimer(): void {
    this.#pauseTimer();
    this.#timer = setTimeout(() => {
      this.#failures.timedOut = true;
      this.#request.destroy(new Error("timeout"));
    }, this.#options.timeoutMs);
  }

  #pauseTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** The start of a body as text (error bodies can be whole pages); the rest is not read. */
async function readStart(response: IncomingMessage, limit: number): Promise<string> {
  response.setEncoding("utf8");
  let text = "";
  for await (const chunk of response as AsyncIterable<string>) {
    text += chunk;
    if (text.length >= limit) break;
  }
  return text.slice(0, limit);
}
