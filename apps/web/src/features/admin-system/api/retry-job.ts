import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { systemQueryOptions } from "./get-system";

/** POST /api/admin/jobs/:id/retry — a failed job runs again (admins only; audited). */
export function retryJob(id: number) {
  return api.post(`/api/admin/jobs/${id}/retry`, (contract) => contract.adminJobRetryResponseSchema, {
    body: {},
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryJob(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: systemQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] });
    },
  });
}
