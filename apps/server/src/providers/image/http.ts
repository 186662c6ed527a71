import { clip, describeError, isRetryableStatus, readLimited, upstreamMessage } from "../upstream-http.ts";
import { ImageProviderError } from "./types.ts";

const ERROR_BODY_LIMIT = 16_384;

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
  init.signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal,
    });
    text = response.ok ? await response.text() : await readLimited(response, ERROR_BODY_LIMIT);
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason;
    if (timeout.aborted) {
      throw new ImageProviderError(`${init.where} did not answer within ${init.timeoutMs} ms`, {
        retryable: true,
        cause: error,
      });
    }
    throw new ImageProviderError(`${init.where}: connection failed: ${describeError(error)}`, {
      retryable: true,
      cause: error,
    });
  }
  if (!response.ok) {
    throw new ImageProviderError(
      `${init.where} answered HTTP ${response.status}: ${errorMessage(text, response.statusText)}`,
      { retryable: isRetryableStatus(response.status) },
    );
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
