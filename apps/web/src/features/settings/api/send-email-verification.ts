import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/auth/verify-email/send — emails a new confirmation link to the account's address. */
export function sendEmailVerification() {
  return api.post("/api/auth/verify-email/send", (contract) => contract.messageResponseSchema, {});
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
