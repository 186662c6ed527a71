import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { markAdminSessionExpired, unauthorizedOutcome } from "./admin-session";
import { isUnreachableStatus, reportServerReachable } from "./connectivity";
import { forgetOfflineSnapshot } from "./offline-keep";
import { storage } from "./storage";

/** zod and the shared schemas (lib/contract.ts), loaded on demand. */
export type Contract = typeof import("./contract");

let contract: Promise<Contract> | undefined;

/**
 * The contract's schemas, loaded once, on the first call that needs them (a failed load is tried
 * again on the next call). Screens never import schemas to parse answers: zod stays out of the
 * JavaScript they load before they render (decision 0016).
 */
export function loadContract(): Promise<Contract> {
  if (!contract) {
    const loading = import("./contract");
    contract = loading;
    loading.catch(() => {
      if (contract === loading) contract = undefined;
    });
  }
  return contract;
}

/** Anything with a zod-like `parse`; the shared contract's schemas fit. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** Picks the schema of an answer from the contract, e.g. `(contract) => contract.modelListSchema`. */
export type SchemaOf<T> = (contract: Contract) => Parser<T>;

/** A failed call: the server's `{statusCode, error, message}`, or status 0 for network failures. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly error: string;
  /** Extra fields of the error body, e.g. `type` of a 402 or `source` of a premium_required 403. */
  readonly details: Record<string, unknown>;

  constructor(status: number, error: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.error = error;
    this.details = details;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  /** sent as JSON; a Blob (a File) is sent as it is, typed by its own `type` (a card upload) */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Whether a 401 ends the session (clears the token, goes to /login?source=ExpiredToken). True by
   * default; false for calls where a 401 is an answer to show, such as a wrong password on sign-in.
   * An admin call's `session_expired` never does: the console asks to sign in again (admin-session.ts).
   */
  redirectOnUnauthorized?: boolean;
}

/** Full URL of an API path, with empty/undefined params left out. */
export function buildUrl(path: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    query.set(key, String(value));
  }
  const search = query.toString();
  return `${env.API_URL}${path}${search ? `?${search}` : ""}`;
}

/**
 * What happens on any 401 (and when the socket reports the session ended): the stored access token
 * is dropped and the visitor goes to /login?source=ExpiredToken (spec sections 2 and 8). A full page
 * load also resets all client state.
 */
export function expireSession(): void {
  storage.remove("accessToken");
  forgetOfflineSnapshot();
  const { pathname, search } = window.location;
  if (`${pathname}${search}` !== paths.expiredLogin) {
    window.location.assign(paths.expiredLogin);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function requestBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof Blob) {
    if (body.type && !headers["Content-Type"]) headers["Content-Type"] = body.type;
    return body;
  }
  headers["Content-Type"] = "application/json";
  return JSON.stringify(body);
}

/** The answer of a call that succeeded; a failed one throws its ApiError. */
async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = storage.get("accessToken");
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = requestBody(options.body, headers);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    reportServerReachable(false);
    throw new ApiError(0, "network_error", "Can't reach the server. Check your connection and try again.");
  }
  reportServerReachable(!isUnreachableStatus(response.status));
  if (response.ok) return response;

  const error = await errorFromAnswer(response, await readBody(response));
  if (response.status === 401) {
    const outcome = unauthorizedOutcome(path, error.error, options.redirectOnUnauthorized !== false);
    if (outcome === "end_session") expireSession();
    else if (outcome === "admin_sign_in_again") markAdminSessionExpired();
  }
  throw error;
}

async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  return readBody(await send(method, path, options));
}

/** The ApiError of a failed answer: the server's `{statusCode, error, message}` when it fits. */
async function errorFromAnswer(response: Response, body: unknown): Promise<ApiError> {
  const fallback = new ApiError(
    response.status,
    "http_error",
    response.statusText || `Request failed (${response.status})`,
  );
  let schemas: Contract;
  try {
    schemas = await loadContract();
  } catch {
    return fallback;
  }
  const parsed = schemas.errorResponseSchema.safeParse(body);
  if (parsed.success) {
    const {
      statusCode: _status,
      error: _error,
      message: _message,
      ...details
    } = body as Record<string, unknown>;
    return new ApiError(response.status, parsed.data.error, parsed.data.message, details);
  }
  const partial = schemas.partialErrorSchema.safeParse(body);
  if (partial.success) {
    return new ApiError(response.status, partial.data.error ?? "http_error", partial.data.message);
  }
  return fallback;
}

/** Sends the request and parses its answer; the contract loads meanwhile, not after the answer. */
function call<T>(method: string, path: string, schema: SchemaOf<T>, options?: RequestOptions): Promise<T> {
  const schemas = loadContract();
  return request(method, path, options).then(async (data) => schema(await schemas).parse(data));
}

/**
 * JSON fetch wrapper for the product API. Pick the answer's schema from the contract to validate and
 * type it: `api.get("/api/models", (contract) => contract.modelListSchema)`.
 */
export const api = {
  get<T>(path: string, schema: SchemaOf<T>, options?: Omit<RequestOptions, "body">): Promise<T> {
    return call("GET", path, schema, options);
  },
  post<T>(path: string, schema: SchemaOf<T>, options?: RequestOptions): Promise<T> {
    return call("POST", path, schema, options);
  },
  patch<T>(path: string, schema: SchemaOf<T>, options?: RequestOptions): Promise<T> {
    return call("PATCH", path, schema, options);
  },
  put<T>(path: string, schema: SchemaOf<T>, options?: RequestOptions): Promise<T> {
    return call("PUT", path, schema, options);
  },
  delete<T>(path: string, schema: SchemaOf<T>, options?: RequestOptions): Promise<T> {
    return call("DELETE", path, schema, options);
  },
  /** A file the API answers (a character card), fetched with the Bearer token like any call. */
  async blob(path: string, options?: Omit<RequestOptions, "body">): Promise<Blob> {
    return (await send("GET", path, { ...options, headers: { Accept: "*/*", ...options?.headers } })).blob();
  },
  /** Escape hatch for calls whose answer is not used. */
  raw: request,
};

/** A human message for any error thrown by a query. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.name === "ZodError") return "The server sent an unexpected answer.";
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}

/** For calls answered with 204 No Content (or whose body is not used). */
export const noContent: SchemaOf<void> = () => ({ parse: () => undefined });
