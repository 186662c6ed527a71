import { clip, UpstreamCall, upstreamMessage } from "../upstream-http.ts";
import { ImageProviderError } from "./types.ts";

/** AUTOMATIC1111 reports failures as { error: "<exception type>", errors: "<message>" }. */
function errorMessage(body: string, statusText: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; errors?: unknown };
    if (typeof parsed.errors === "string" && parsed.errors) {
      return typeof parsed.error === "string" ? `${parsed.error}: ${parsed.errors}` : parsed.errors;
    }
  } catch {
    // not JSON: the shared reader handles it
  }
  return upstreamMessage(body, statusText);
}

/**
 * Sends a JSON request and returns the parsed JSON answer. Every failure is an
 * ImageProviderError that says whether trying again may help.
 */
export async function requestJson(
  url: string,
  init: {
    method: "GET" | "POST";
    headers: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
    where: string;
  },
): Promise<unknown> {
  const call = new UpstreamCall({
    where: init.where,
    timeoutMs: init.timeoutMs,
    signal: init.signal,
    error: (message, options) => new ImageProviderError(message, options),
    errorMessage,
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
    throw new ImageProviderError(`${init.where} sent data that is not JSON: ${clip(text, 120)}`, {
      retryable: true,
      cause: error,
    });
  }
}

/** Decodes a base64 image (with or without a data: URL prefix); a bad one is the server's fault. */
export function decodeBase64Image(value: unknown, where: string): Buffer {
  if (typeof value !== "string" || value.length === 0) {
    throw new ImageProviderError(`${where} sent no image`, { retryable: true });
  }
  const data = Buffer.from(value.replace(/^data:[^,]*,/, ""), "base64");
  if (data.length === 0) throw new ImageProviderError(`${where} sent an empty image`, { retryable: true });
  return data;
}
