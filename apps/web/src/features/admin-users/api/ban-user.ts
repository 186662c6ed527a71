import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { showUser } from "./get-user";

/** POST /api/admin/users/:id/ban — every session ends and every socket closes at once. */
export function banUser(id: string, reason: string) {
  return api.post(
    `/api/admin/users/${encodeURIComponent(id)}/ban`,
    (contract) => contract.adminUserDetailSchema,
    {
      body: { reason },
    },
  );
}

export function useBanUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => banUser(id, reason),
    onSuccess: (user) => showUser(queryClient, user),
  });
}
