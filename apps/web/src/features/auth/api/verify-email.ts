import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";

/** POST /api/auth/verify-email — confirms the address with the emailed link's token (signed in or not). */
export function verifyEmail(token: string) {
  return api.post("/api/auth/verify-email", (contract) => contract.messageResponseSchema, {
    body: { token },
    redirectOnUnauthorized: false,
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // a signed-in tab shows the confirmed address at once
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
