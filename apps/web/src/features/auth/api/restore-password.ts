import type { restoreBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type RestoreBody = z.output<typeof restoreBodySchema>;

/** POST /api/auth/password/restore — emails a reset code; the same answer whether or not the email exists. */
export function restorePassword(body: RestoreBody) {
  return api.post("/api/auth/password/restore", (contract) => contract.messageResponseSchema, {
    body,
    redirectOnUnauthorized: false,
  });
}

export function useRestorePassword() {
  return useMutation({ mutationFn: restorePassword });
}
