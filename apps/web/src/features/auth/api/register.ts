import type { registerBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type RegisterBody = z.output<typeof registerBodySchema>;

/** POST /api/auth/register. A stored `subid` in the body records the marketing lead server-side. */
export function register(body: RegisterBody) {
  return api.post("/api/auth/register", (contract) => contract.authResponseSchema, {
    body,
    redirectOnUnauthorized: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
