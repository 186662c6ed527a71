import type { resetBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type ResetBody = z.output<typeof resetBodySchema>;

/** POST /api/auth/password/reset — sets a new password with the emailed code (400 invalid_code). */
export function resetPassword(body: ResetBody) {
  return api.post("/api/auth/password/reset", (contract) => contract.messageResponseSchema, {
    body,
    redirectOnUnauthorized: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
