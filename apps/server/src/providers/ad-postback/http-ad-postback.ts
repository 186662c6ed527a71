import type { AdPostbackUrlTemplate, AdPostbackValues } from "./url-template.ts";

/** How long the tracker gets to answer one postback. */
const POSTBACK_TIMEOUT_MS = 10_000;

/** A postback that did not go through; `retryable` false when sending it again cannot help. */
export class AdPostbackError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AdPostbackError";
    this.retryable = options.retryable;
  }
}

/** Tells an ad tracker about one conversion. */
export interface AdPostbackSender {
  send(values: AdPostbackValues): Promise<void>;
}

/**
 * The GET an ad tracker expects (AD_POSTBACK_URL), following its redirects (the operator chose the
 * address; trackers move from http to https). Any 2xx at the end counts as delivered; a 5xx, 408, 429, a
 * time-out or a broken connection may pass later, any other answer will not. Messages name the
 * tracker's host only: the URL holds the sub id and may hold the tracker's key.
 */
export class HttpAdPostbackSender implements AdPostbackSender {
  readonly #template: AdPostbackUrlTemplate;
  readonly #timeoutMs: number;

  constructor(template: AdPostbackUrlTemplate, options: { timeoutMs?: number } = {}) {
    this.#template = template;
    this.#timeoutMs = options.timeoutMs ?? POSTBACK_TIMEOUT_MS;
  }

  async send(values: AdPostbackValues): Promise<void> {
    const where = `the ad tracker at ${this.#template.host}`;
    let response: Response;
    try {
      response = await fetch(this.#template.render(values), {
        method: "GET",
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new AdPostbackError(
        timedOut ? `${where} did not answer within ${this.#timeoutMs} ms` : `${where}: connection failed`,
        { retryable: true, cause: error },
      );
    }
    await response.body?.cancel();
    if (response.ok) return;
    const status = response.status;
    throw new AdPostbackError(`${where} answered ${status}`, {
      retryable: status >= 500 || status === 408 || status === 429,
    });
  }
}
