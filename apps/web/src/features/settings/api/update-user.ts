import type { updateUserBodySchema } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/auth";

export type UpdateUserBody = z.output<typeof updateUserBodySchema>;

/** PATCH /api/user — names and gender choice; answers with the updated user. */
export function updateUser(body: UpdateUserBody) {
  return api.patch("/api/user", (contract) => contract.userSchema, { body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
