import { clip, UpstreamCall } from "../upstream-http.ts";
import { ModerationProviderError } from "./types.ts";

/**
 * Sends a JSON request to a moderation server and returns the parsed JSON answer. Every failure is
 * a ModerationProviderError that says whether trying again may help.
 */
export async function requestJson(
  url: string,
  init: {
    method: "GET" | "POST";
    headers: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    where: string;
  },
): Promise<unknown> {
  const call = new UpstreamCall({
    where: init.where,
    timeoutMs: init.timeoutMs,
    error: (message, options) => new ModerationProviderError(message, options),
  });
  let text: string;
  try {
    const response = await call.fetch(url, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    text = await call.read("while reading the answer", () => response.text());
  } finally {
    call.end();
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ModerationProviderError(`${init.where} sent data that is not JSON: ${clip(text, 120)}`, {
      retryable: true,
      cause: error,
    });
  }
}

/** `Authorization: Bearer …` when there is a key. */
export function bearer(apiKey: string | undefined): Record<string, string> {
  const key = apiKey?.trim();
  return key ? { authorization: `Bearer ${key}` } : {};
}
