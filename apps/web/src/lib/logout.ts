import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "./api-client";
import { endSession } from "./auth";

// Apart from lib/auth.ts: only the account menu and settings log out, and they load on demand, so the
// first screen does not carry TanStack Query's mutation code.

/** POST /api/auth/logout — revokes this device's session on the server. */
export function logout(): Promise<void> {
  return api.post("/api/auth/logout", noContent, { redirectOnUnauthorized: false });
}

/**
 * Log out: the server revokes the session, then the token is dropped and the signed-out home shows.
 * A failed call (already expired, offline) still signs this device out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // offline too: the call fails at once and the device signs out (not paused until online)
    networkMode: "always",
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        console.error("Log out failed on the server; signing out locally.", error);
      }
    },
    onSettled: () => endSession(queryClient),
  });
}
