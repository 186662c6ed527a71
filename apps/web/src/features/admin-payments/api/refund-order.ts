import type { AdminRefundBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/payments/orders/:id/refund — once per order; admins only. */
export function refundOrder(id: string, body: AdminRefundBody) {
  return api.post(
    `/api/admin/payments/orders/${encodeURIComponent(id)}/refund`,
    (contract) => contract.adminRefundResponseSchema,
    { body },
  );
}

export function useRefundOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRefundBody) => refundOrder(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin", "payments"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "stats"] });
    },
  });
}
