import type { AdminTokenAdjustmentBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshUser } from "./get-user";

/** POST /api/admin/users/:id/tokens — grant (positive) or remove (negative) tokens, with a reason. */
export function adjustTokens(id: string, body: AdminTokenAdjustmentBody) {
  return api.post(
    `/api/admin/users/${encodeURIComponent(id)}/tokens`,
    (contract) => contract.adminTokenAdjustmentResponseSchema,
    { body },
  );
}

export function useAdjustTokens(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTokenAdjustmentBody) => adjustTokens(id, body),
    onSuccess: () => refreshUser(queryClient, id),
  });
}
