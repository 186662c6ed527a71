/** What a banned account is told, by the API and by the socket. */
export const ACCOUNT_BANNED_MESSAGE = "This account is banned.";

/** An expected failure with an HTTP status and a machine-readable code. Services throw these. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Extra fields for the error body, e.g. what could not be paid for. */
  readonly details: Record<string, string | number> | undefined;

  constructor(statusCode: number, code: string, message: string, details?: Record<string, string | number>) {
    super(message);
    this.name = "AppError";
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, "not_found", message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = "bad_request") {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Sign in to continue.", code = "unauthorized") {
    super(401, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}

/** A refusal the caller may retry later; the error handler sends its Retry-After header. */
export abstract class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(statusCode: number, code: string, message: string, retryAfterSeconds: number) {
    super(statusCode, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      "rate_limited",
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds,
    );
  }
}

/** 503: the server is at capacity for this kind of work (e.g. password hashing); retry shortly. */
export class ServiceBusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(503, "busy", "The server is busy. Please try again in a few seconds.", retryAfterSeconds);
  }
}

/** 422: the content is refused by moderation; nothing was stored or charged. */
export class ContentRefusedError extends AppError {
  constructor(message: string, category: string) {
    super(422, "content_refused", message, { category });
  }
}

/** 402: the balance does not cover it; the web app opens the buy-tokens or plan prompt. */
export class PaymentRequiredError extends AppError {
  constructor(type: string, message: string) {
    super(402, "insufficient_balance", message, { type });
  }
}

/** 403: a premium feature on the free plan; `source` tells the web app which paywall to open. */
export class PremiumRequiredError extends AppError {
  constructor(source: string, message: string) {
    super(403, "premium_required", message, { source });
  }
}
