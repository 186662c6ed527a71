import type { AdminRoleChangeBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { showUser } from "./get-user";

/** PATCH /api/admin/users/:id/role — user, moderator or admin (nobody demotes themselves). */
export function changeRole(id: string, body: AdminRoleChangeBody) {
  return api.patch(
    `/api/admin/users/${encodeURIComponent(id)}/role`,
    (contract) => contract.adminUserDetailSchema,
    {
      body,
    },
  );
}

export function useChangeRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRoleChangeBody) => changeRole(id, body),
    onSuccess: (user) => showUser(queryClient, user),
  });
}
