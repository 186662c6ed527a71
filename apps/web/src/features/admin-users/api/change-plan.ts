import type { AdminPlanChangeBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { showUser } from "./get-user";

/** PATCH /api/admin/users/:id/plan — free now, or premium on a plan until a date. */
export function changePlan(id: string, body: AdminPlanChangeBody) {
  return api.patch(
    `/api/admin/users/${encodeURIComponent(id)}/plan`,
    (contract) => contract.adminUserDetailSchema,
    {
      body,
    },
  );
}

export function useChangePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPlanChangeBody) => changePlan(id, body),
    onSuccess: (user) => showUser(queryClient, user),
  });
}
