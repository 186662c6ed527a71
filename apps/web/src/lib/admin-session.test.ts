import { describe, expect, it, vi } from "vitest";
import {
  clearAdminSessionExpired,
  isAdminSessionExpired,
  markAdminSessionExpired,
  subscribeAdminSessionExpired,
  unauthorizedOutcome,
} from "./admin-session";

describe("unauthorizedOutcome", () => {
  it("asks the operator to sign in again when the console's session is too old", () => {
    expect(unauthorizedOutcome("/api/admin/me", "session_expired")).toBe("admin_sign_in_again");
    expect(unauthorizedOutcome("/api/admin/users/4/tokens", "session_expired")).toBe("admin_sign_in_again");
  });

  it("ends the session for every other 401, admin calls included", () => {
    expect(unauthorizedOutcome("/api/admin/me", "unauthorized")).toBe("end_session");
    expect(unauthorizedOutcome("/api/admin/me", "account_banned")).toBe("end_session");
    expect(unauthorizedOutcome("/api/user", "session_expired")).toBe("end_session");
    expect(unauthorizedOutcome("/api/administrators", "session_expired")).toBe("end_session");
    expect(unauthorizedOutcome("/api/chats", "http_error")).toBe("end_session");
  });

  it("leaves a 401 to show when the call asked for it", () => {
    expect(unauthorizedOutcome("/api/auth/login", "invalid_credentials", false)).toBe("show");
    expect(unauthorizedOutcome("/api/admin/me", "session_expired", false)).toBe("show");
  });
});

describe("the console's expired flag", () => {
  it("tells its listeners once", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAdminSessionExpired(listener);
    expect(isAdminSessionExpired()).toBe(false);
    markAdminSessionExpired();
    markAdminSessionExpired();
    expect(isAdminSessionExpired()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    clearAdminSessionExpired();
    expect(isAdminSessionExpired()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
