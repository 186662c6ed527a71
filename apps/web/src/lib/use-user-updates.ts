import { useQueryClient } from "@tanstack/react-query";
import { setSessionUser } from "./auth";
import { useRealtimeEvents } from "./realtime";

/**
 * Keeps the session's user as the server has it: the socket's `user_update` (a purchase, a renewal,
 * a failed renewal, a spend in another tab) carries the whole user, so the balance in the header and
 * every screen reading the session show the new figures without a refetch.
 */
export function useUserUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.action === "user_update") setSessionUser(queryClient, event.user);
  });
}

/**
 * The hook as a component that renders nothing, for the shell to load on demand with the session:
 * the socket's code stays out of the JavaScript a visitor's first screen loads.
 */
export function UserUpdates(): null {
  useUserUpdates();
  return null;
}
