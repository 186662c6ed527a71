import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { endSession } from "@/lib/auth";

/** DELETE /api/auth/sessions — signs out every device, this one included. */
export function revokeAllSessions() {
  return api.delete("/api/auth/sessions", noContent);
}

export function useRevokeAllSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: () => endSession(queryClient),
  });
}
