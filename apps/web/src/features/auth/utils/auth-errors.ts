import { AUTH_ERRORS } from "@reverie/shared";
import type { ApiError } from "@/lib/api-client";

/** Checked by name, so this module loads without the API client (unit tests run in plain Node). */
function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error && error.name === "ApiError" && typeof (error as ApiError).status === "number"
  );
}

export const GENERIC_ERROR = "Something went wrong. Please try again.";

export type AuthAction =
  | "login"
  | "register"
  | "restore"
  | "reset"
  | "magic-link"
  | "verify-link"
  | "change-password"
  | "settings";

/** Actions whose 400 answers carry a message meant for the user (a bad code, a wrong password). */
const SHOWS_BAD_REQUEST: ReadonlySet<AuthAction> = new Set(["reset", "verify-link", "change-password"]);

export interface AuthErrorView {
  message: string;
  /** The form field the message belongs to, if any. */
  field?: "email";
}

/**
 * What an account form shows for a failed call (spec section 8): wrong credentials and a taken
 * email have fixed texts, rate limits and "busy" show the server's message, network failures say so, and
 * anything else is logged to the console with a generic sentence on screen.
 */
export function describeAuthError(error: unknown, action: AuthAction): AuthErrorView {
  if (isApiError(error)) {
    if (error.error === "account_banned") return { message: AUTH_ERRORS.accountBanned };
    if (action === "login" && (error.status === 401 || error.error === "invalid_credentials")) {
      return { message: AUTH_ERRORS.wrongCredentials };
    }
    if (action === "register" && (error.status === 409 || error.error === "email_taken")) {
      return { message: AUTH_ERRORS.emailTaken, field: "email" };
    }
    // rate limits and a server busy with password hashing say when to try again
    if (error.status === 429 || (error.status === 503 && error.error === "busy"))
      return { message: error.message };
    if (error.status === 0) return { message: error.message };
    if (error.status === 400 && SHOWS_BAD_REQUEST.has(action) && error.message) {
      return { message: error.message };
    }
  }
  console.error(`[${action}]`, error);
  return { message: GENERIC_ERROR };
}
