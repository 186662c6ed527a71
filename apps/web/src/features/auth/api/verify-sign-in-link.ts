import type { magicLinkVerifyBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type VerifySignInLinkBody = z.output<typeof magicLinkVerifyBodySchema>;

/** POST /api/auth/magic-link/verify — trades the emailed link's code for a session. */
export function verifySignInLink(body: VerifySignInLinkBody) {
  return api.post("/api/auth/magic-link/verify", (contract) => contract.authResponseSchema, {
    body,
    redirectOnUnauthorized: false,
  });
}

export function useVerifySignInLink() {
  return useMutation({ mutationFn: verifySignInLink });
}
