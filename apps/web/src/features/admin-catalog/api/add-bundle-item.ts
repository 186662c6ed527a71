import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/bundles/:id/items — a free gallery photo goes into the bundle (locked, blurred preview). */
export function addBundleItem(bundleId: number, mediaId: number) {
  return api.post(`/api/admin/bundles/${bundleId}/items`, (contract) => contract.adminMediaItemSchema, {
    body: { media_id: mediaId },
  });
}

export function useAddBundleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { bundleId: number; mediaId: number }) =>
      addBundleItem(change.bundleId, change.mediaId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "catalog"] }),
  });
}
