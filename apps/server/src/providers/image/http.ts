import { requestJson as requestUpstreamJson, upstreamMessage } from "../upstream-http.ts";
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

/** A JSON request to an image server; every failure is an ImageProviderError. */
export function requestJson(
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
  return requestUpstreamJson(url, {
    ...init,
    error: (message, options) => new ImageProviderError(message, options),
    errorMessage,
  });
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
