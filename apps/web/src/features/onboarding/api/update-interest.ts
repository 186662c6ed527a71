import type { Gender } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/auth";

/** PATCH /api/user {gender_choice} — the interest picked on the onboarding, kept on the account. */
export function updateInterest(gender: Gender) {
  return api.patch("/api/user", (contract) => contract.userSchema, { body: { gender_choice: gender } });
}

export function useUpdateInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInterest,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
