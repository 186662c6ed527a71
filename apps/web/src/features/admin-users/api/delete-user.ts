import type { AdminDeleteUserBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** DELETE /api/admin/users/:id — deletion on the user's request, with the typed confirmation. */
export function deleteUser(id: string, body: AdminDeleteUserBody) {
  return api.delete(`/api/admin/users/${encodeURIComponent(id)}`, (contract) => contract.adminOkSchema, {
    body,
  });
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDeleteUserBody) => deleteUser(id, body),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["admin", "users", "detail", id] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "users", "search"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] });
    },
  });
}
