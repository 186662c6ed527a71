import type { magicLinkBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type SignInLinkBody = z.output<typeof magicLinkBodySchema>;

/** POST /api/auth/magic-link — emails `/login?mode=signIn&oobCode=…&email=…`. */
export function sendSignInLink(body: SignInLinkBody) {
  return api.post("/api/auth/magic-link", (contract) => contract.messageResponseSchema, {
    body,
    redirectOnUnauthorized: false,
  });
}

export function useSendSignInLink() {
  return useMutation({ mutationFn: sendSignInLink });
}
