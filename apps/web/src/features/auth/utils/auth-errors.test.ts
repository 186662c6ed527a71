import { AUTH_ERRORS } from "@reverie/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeAuthError, GENERIC_ERROR } from "./auth-errors";

/** Stands in for lib/api-client's ApiError (same name and fields). */
class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, message: string) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

afterEach(() => vi.restoreAllMocks());

describe("describeAuthError", () => {
  it("shows the spec's text for wrong credentials on sign-in", () => {
    const error = new ApiError(401, "invalid_credentials", "Wrong email or password.");
    expect(describeAuthError(error, "login")).toEqual({ message: "Wrong email or password." });
  });

  it("says a banned account is suspended rather than the password being wrong", () => {
    const error = new ApiError(401, "account_banned", "This account is banned.");
    expect(describeAuthError(error, "login")).toEqual({ message: AUTH_ERRORS.accountBanned });
  });

  it("shows the spec's text for a taken email on sign-up, on the email field", () => {
    const error = new ApiError(409, "email_taken", "Email already exist.");
    expect(describeAuthError(error, "register")).toEqual({ message: "Email already exist.", field: "email" });
  });

  it("shows the server's message for rate limits and the client's for network failures", () => {
    const limited = new ApiError(429, "http_error", "Too many attempts. Try again in a minute.");
    expect(describeAuthError(limited, "login").message).toBe("Too many attempts. Try again in a minute.");
    const offline = new ApiError(0, "network_error", "Can't reach the server.");
    expect(describeAuthError(offline, "restore").message).toBe("Can't reach the server.");
  });

  it("says when to try again while the server is busy hashing passwords", () => {
    const busy = new ApiError(503, "busy", "The server is busy. Please try again in a few seconds.");
    expect(describeAuthError(busy, "login").message).toBe(
      "The server is busy. Please try again in a few seconds.",
    );
  });

  it("shows 400 messages only where they are meant for the user", () => {
    const badCode = new ApiError(400, "invalid_code", "This code is invalid or has expired.");
    expect(describeAuthError(badCode, "reset").message).toBe("This code is invalid or has expired.");
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(describeAuthError(new ApiError(400, "bad_request", "body/email"), "register").message).toBe(
      GENERIC_ERROR,
    );
  });

  it("logs anything else and shows a generic sentence", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(describeAuthError(new ApiError(500, "internal", "boom"), "register")).toEqual({
      message: GENERIC_ERROR,
    });
    expect(describeAuthError(new TypeError("x"), "login").message).toBe(GENERIC_ERROR);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
