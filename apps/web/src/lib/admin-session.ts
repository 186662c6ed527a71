/**
 * What a 401 does (decision 0029). Any 401 ends the session on this device (token dropped, to
 * /login?source=ExpiredToken: spec sections 2 and 8), except:
 * - calls that asked to see their 401 (`redirectOnUnauthorized: false`, e.g. a wrong password), and
 * - `session_expired` from the admin console (`/api/admin/…`): only the console's shorter session
 *   limit was passed; the rest of the app keeps the session, so the console asks the operator to
 *   sign in again instead of signing them out of everything.
 */
export type UnauthorizedOutcome = "end_session" | "admin_sign_in_again" | "show";

export function unauthorizedOutcome(
  path: string,
  error: string,
  redirectOnUnauthorized: boolean = true,
): UnauthorizedOutcome {
  if (!redirectOnUnauthorized) return "show";
  if (error === "session_expired" && (path === "/api/admin" || path.startsWith("/api/admin/"))) {
    return "admin_sign_in_again";
  }
  return "end_session";
}

// Whether an admin call answered `session_expired` since the page loaded (or the last "Sign in
// again"): the console then shows "Sign in again" whichever of its screens' calls got it.
let adminSessionExpired = false;
const listeners = new Set<() => void>();

export function markAdminSessionExpired(): void {
  if (adminSessionExpired) return;
  adminSessionExpired = true;
  for (const listener of listeners) listener();
}

/** "Sign in again" was chosen: the next session starts with a console that works. */
export function clearAdminSessionExpired(): void {
  if (!adminSessionExpired) return;
  adminSessionExpired = false;
  for (const listener of listeners) listener();
}

export function isAdminSessionExpired(): boolean {
  return adminSessionExpired;
}

export function subscribeAdminSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
