import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { showUser } from "./get-user";

/** POST /api/admin/users/:id/unban — lifts the ban; the user signs in again. */
export function unbanUser(id: string, reason: string) {
  return api.post(
    `/api/admin/users/${encodeURIComponent(id)}/unban`,
    (contract) => contract.adminUserDetailSchema,
    {
      body: reason ? { reason } : {},
    },
  );
}

export function useUnbanUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => unbanUser(id, reason),
    onSuccess: (user) => showUser(queryClient, user),
  });
}
