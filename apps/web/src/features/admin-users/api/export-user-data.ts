import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/users/:id/export — an archive of the user's data, emailed to them. */
export function exportUserData(id: string, reason: string) {
  return api.post(
    `/api/admin/users/${encodeURIComponent(id)}/export`,
    (contract) => contract.adminExportResponseSchema,
    {
      body: { reason },
    },
  );
}

export function useExportUserData(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => exportUserData(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] }),
  });
}
