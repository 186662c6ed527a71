import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** DELETE /api/admin/bundles/:id/items/:itemId — the item goes back to the free gallery (409 once bought). */
export function removeBundleItem(bundleId: number, itemId: number) {
  return api.delete(
    `/api/admin/bundles/${bundleId}/items/${itemId}`,
    (contract) => contract.adminMediaItemSchema,
  );
}

export function useRemoveBundleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { bundleId: number; itemId: number }) =>
      removeBundleItem(change.bundleId, change.itemId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
