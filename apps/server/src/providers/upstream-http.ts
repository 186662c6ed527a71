/**
 * Talking to the HTTP APIs of model providers (LLM, images, text to speech): where the API is,
 * the request with its timeout and the caller's abort, and failures that say whether trying
 * again may help.
 */

/** How much of an error body is read for its message. */
const ERROR_BODY_LIMIT = 16_384;

/**
 * The root of an OpenAI-style API, up to and including the version: "https://api.openai.com/v1"
 * stays, a bare host "http://127.0.0.1:8880" becomes "http://127.0.0.1:8880/v1". Trailing slashes go.
 */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  try {
    return new URL(trimmed).pathname.replace(/\/+$/, "") === "" ? `${trimmed}/v1` : trimmed;
  } catch {
    return trimmed;
  }
}

/** The provider's error class, made from a message and whether the same request may succeed later. */
export type UpstreamErrorFactory = (
  message: string,
  options: { retryable: boolean; cause?: unknown; retryAfterMs?: number | undefined },
) => Error;

export interface UpstreamCallOptions {
  /** the server as shown in messages (see describeUrl) */
  where: string;
  /** longest wait for the whole exchange, or, when the caller calls restartTimer, for the next sign of progress */
  timeoutMs: number;
  /** the caller's abort: its reason is thrown as it is */
  signal?: AbortSignal | undefined;
  error: UpstreamErrorFactory;
  /** the message of an error body; default upstreamMessage */
  errorMessage?: (body: string, statusText: string) => string;
}

/**
 * How one exchange with a provider's server fails: every failure becomes the provider's error
 * once (timeouts and broken connections retryable), the caller's abort is thrown as its own
 * reason, and an error this exchange already made passes through unchanged. Shared by
 * UpstreamCall (fetch) and the LLM's StreamingPost (node:http).
 */
export class UpstreamFailures {
  readonly #options: Pick<UpstreamCallOptions, "where" | "timeoutMs" | "signal" | "error">;
  readonly #ownErrors = new WeakSet<object>();
  /** set by the owner's timer when it gave up waiting */
  timedOut = false;

  constructor(options: Pick<UpstreamCallOptions, "where" | "timeoutMs" | "signal" | "error">) {
    this.#options = options;
  }

  /** The provider's error for a failure `during` a step (or the caller's abort reason). */
  fail(error: unknown, during: string): unknown {
    const { signal, where, timeoutMs } = this.#options;
    if (signal?.aborted) return signal.reason;
    if (error instanceof Object && this.#ownErrors.has(error)) return error;
    if (this.timedOut) {
      return this.error(`${where} did not answer within ${timeoutMs} ms (${during})`, {
        retryable: true,
        cause: error,
      });
    }
    return this.error(`${where}: connection failed ${during}: ${describeError(error)}`, {
      retryable: true,
      cause: error,
    });
  }

  /** The provider's error, marked as made here. */
  error(
    message: string,
    options: { retryable: boolean; cause?: unknown; retryAfterMs?: number | undefined },
  ): Error {
    const error = this.#options.error(message, options);
    this.#ownErrors.add(error);
    return error;
  }
}

/**
 * One request to a provider's server: fetch with a timeout and the caller's abort, and every
 * failure turned into the provider's error (timeouts, refused connections, 408/425/429 and 5xx are
 * retryable; other 4xx are not). `end()` releases it; call it in a `finally`.
 */
export class UpstreamCall {
  readonly #options: UpstreamCallOptions;
  readonly #controller = new AbortController();
  readonly #failures: UpstreamFailures;
  readonly #stopOnCallerAbort: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: UpstreamCallOptions) {
    this.#options = options;
    this.#failures = new UpstreamFailures(options);
    options.signal?.throwIfAborted();
    this.#stopOnCallerAbort = () => this.#controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", this.#stopOnCallerAbort, { once: true });
  }

  /** Sends the request; an answer other than 2xx is thrown as the provider's error. */
  async fetch(url: string, init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string }) {
    this.restartTimer();
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: init.headers,
        body: init.body ?? null,
        signal: this.#controller.signal,
      });
    } catch (error) {
      throw this.fail(error, "before the response");
    }
    if (!response.ok) {
      const text = await this.read("while reading the error", () => readLimited(response, ERROR_BODY_LIMIT));
      const message = (this.#options.errorMessage ?? upstreamMessage)(text, response.statusText);
      throw this.#failures.error(`${this.#options.where} answered HTTP ${response.status}: ${message}`, {
        retryable: isRetryableStatus(response.status),
        retryAfterMs: retryAfterMs(response.status, response.headers.get("retry-after")),
      });
    }
    return response;
  }

  /** Reads (part of) the response; a failure is classified like one of the request. */
  async read<T>(during: string, reading: () => Promise<T>): Promise<T> {
    try {
      return await reading();
    } catch (error) {
      throw this.fail(error, during);
    }
  }

  /** The provider's error for a failure `during` a step (or the caller's abort reason). */
  fail(error: unknown, during: string): unknown {
    return this.#failures.fail(error, during);
  }

  /** Starts the wait for the next sign of progress over (streams call it on every chunk). */
  restartTimer(): void {
    this.pauseTimer();
    this.#timer = setTimeout(() => {
      this.#failures.timedOut = true;
      this.#controller.abort(new Error("timeout"));
    }, this.#options.timeoutMs);
  }

  /** No timeout while the caller is busy with what it was given. */
  pauseTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Stops the timer, forgets the caller's signal and aborts whatever is still open. */
  end(): void {
    this.pauseTimer();
    this.#options.signal?.removeEventListener("abort", this.#stopOnCallerAbort);
    this.#controller.abort();
  }
}

/**
 * How long a 429 or 503 answer asks the client to wait, in ms, from its `Retry-After` header:
 * delay-seconds ("120") or an HTTP-date ("Fri, 27 Nov 2026 23:00:00 GMT", a date already past
 * is 0); undefined for other statuses, no header, or a value that is neither.
 */
export function retryAfterMs(status: number, header: string | string[] | null | undefined, now = Date.now()) {
  if (status !== 429 && status !== 503) return undefined;
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // an HTTP-date always names its weekday or month in letters; Date.parse would also take "1.5"
  if (!/[a-z]/i.test(value)) return undefined;
  // asctime's form names no zone, and HTTP dates are all GMT
  const at = Date.parse(/\b(?:GMT|UTC)\b|[+-]\d{4}$/i.test(value) ? value : `${value} GMT`);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** 408 (timeout), 425, 429 (rate limit) and 5xx may succeed later; other 4xx will not. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** The message of an error body in the shapes servers use, else the text itself. */
export function upstreamMessage(body: string, statusText: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed.error;
    if (typeof error === "string") return error;
    if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
      return (error as { message: string }).message;
    }
    if (typeof parsed.message === "string") return parsed.message;
    if (typeof parsed.detail === "string") return parsed.detail;
  } catch {
    // not JSON: use the text
  }
  return clip(body.replace(/<[^>]*>/g, " "), 300) || statusText || "no details";
}

/** The start of a response body as text (error bodies can be large pages). */
export async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    while (text.length < limit) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, limit);
}

/** The server without credentials or query, for messages and the health report. */
export function describeUrl(baseUrl: string, fallback: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return fallback;
  }
}

/** "fetch failed" says little: the cause (ECONNREFUSED, "other side closed") says more. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return `${error.message} (${typeof code === "string" ? `${code}: ` : ""}${cause.message})`;
  }
  return error.message;
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * Sends a JSON request with one UpstreamCall and returns the parsed JSON answer. Every failure is
 * the provider's error (options.error), saying whether trying again may help; an answer that is
 * not JSON is the server's fault and retryable.
 */
export async function requestJson(
  url: string,
  init: UpstreamCallOptions & {
    method: "GET" | "POST";
    headers: Record<string, string>;
    body?: unknown;
  },
): Promise<unknown> {
  const { method, headers, body, ...callOptions } = init;
  const call = new UpstreamCall(callOptions);
  let text: string;
  try {
    const response = await call.fetch(url, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    text = await call.read("while reading the answer", () => response.text());
  } finally {
    call.end();
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw init.error(`${init.where} sent data that is not JSON: ${clip(text, 120)}`, {
      retryable: true,
      cause: error,
    });
  }
}

/** `Authorization: Bearer …` when there is a key (local servers usually need none). */
export function bearerHeader(apiKey: string | undefined): Record<string, string> {
  const key = apiKey?.trim();
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** A provider's health: ok when its OpenAI-compatible server lists its models, else degraded and why. */
export async function modelsListStatus(
  root: string,
  init: { headers: Record<string, string>; timeoutMs: number; where: string; detail: string },
): Promise<{ status: "ok" | "degraded"; detail: string }> {
  try {
    await requestJson(`${root}/models`, {
      method: "GET",
      headers: init.headers,
      timeoutMs: init.timeoutMs,
      where: init.where,
      error: (message, options) => new Error(message, options),
    });
    return { status: "ok", detail: init.detail };
  } catch (error) {
    return { status: "degraded", detail: `${init.detail}: ${describeError(error)}` };
  }
}
