import type { ComponentStatus } from "../../lib/health-check.ts";
import {
  apiRoot,
  bearerHeader,
  clip,
  describeUrl,
  modelsListStatus,
  requestJson as requestUpstreamJson,
} from "../upstream-http.ts";
import { ModerationProviderError, type ModerationVerdict } from "./types.ts";

/** A JSON request to a moderation server; every failure is a ModerationProviderError. */
function requestJson(
  url: string,
  init: {
    method: "GET" | "POST";
    headers: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    where: string;
  },
): Promise<unknown> {
  return requestUpstreamJson(url, {
    ...init,
    error: (message, options) => new ModerationProviderError(message, options),
  });
}

/**
 * An OpenAI-style moderation server (its API root, key and timeout), as the remote classifiers
 * ask it: JSON posts, an answer they cannot read, their health check.
 */
export class ModerationServer {
  readonly #root: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  /** the server as shown in messages */
  readonly where: string;

  constructor(options: { baseUrl: string; apiKey?: string | undefined; timeoutMs: number }) {
    this.#root = apiRoot(options.baseUrl);
    this.#headers = bearerHeader(options.apiKey);
    this.#timeoutMs = options.timeoutMs;
    this.where = describeUrl(this.#root, "the moderation server");
  }

  /** POSTs `body` to `path` under the API root; its JSON answer. */
  post(path: string, body: unknown): Promise<unknown> {
    return requestJson(`${this.#root}${path}`, {
      method: "POST",
      headers: this.#headers,
      body,
      timeoutMs: this.#timeoutMs,
      where: this.where,
    });
  }

  /** The (retryable) error for an answer without a verdict: `what` it did, then what it sent. */
  unreadable(what: string, sent: string): ModerationProviderError {
    return new ModerationProviderError(`${this.where} ${what}: ${clip(sent, 120)}`, { retryable: true });
  }

  /** Lists the server's models: ok when it answers. */
  check(detail: string): Promise<ComponentStatus> {
    return modelsListStatus(this.#root, {
      headers: this.#headers,
      timeoutMs: this.#timeoutMs,
      where: this.where,
      detail,
    });
  }
}

/** A remote classifier's verdict: refused as "minors" when its answer names them, allowed otherwise. */
export function minorsVerdict(minors: boolean, classifier: string): ModerationVerdict {
  return minors ? { allowed: false, category: "minors", classifier } : { allowed: true };
}
