/** Helpers for talking to HTTP APIs of model providers (LLM, text to speech): errors and their retryability. */

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
