import type { AdminBundleUpdateBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** PATCH /api/admin/bundles/:id — title, description or price in tokens. */
export function updateBundle(id: number, body: AdminBundleUpdateBody) {
  return api.patch(`/api/admin/bundles/${id}`, (contract) => contract.adminBundleSchema, { body });
}

export function useUpdateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; body: AdminBundleUpdateBody }) => updateBundle(change.id, change.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
