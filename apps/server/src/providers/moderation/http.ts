import { requestJson as requestUpstreamJson } from "../upstream-http.ts";
import { ModerationProviderError } from "./types.ts";

/** A JSON request to a moderation server; every failure is a ModerationProviderError. */
export function requestJson(
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
