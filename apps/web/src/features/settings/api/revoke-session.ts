import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { endSession } from "@/lib/auth";
import { sessionsQueryOptions } from "./get-sessions";

/** DELETE /api/auth/sessions/:id — signs one device out. */
export function revokeSession(id: string) {
  return api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`, noContent);
}

/** Signing this device out ends the local session too; others just leave the list. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; current: boolean }) => revokeSession(id),
    onSuccess: (_data, { current }) => {
      if (current) {
        endSession(queryClient);
        return;
      }
      return queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    },
  });
}
