import type { MessageReportActionBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/admin/moderation/reports/:id/action — dismiss, hide the message, or ban (admins). */
export function actOnReport(id: number, body: MessageReportActionBody) {
  return api.post(`/api/admin/moderation/reports/${id}/action`, (contract) => contract.messageReportSchema, {
    body,
  });
}

export function useActOnReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageReportActionBody) => actOnReport(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "moderation", "reports"] }),
  });
}
