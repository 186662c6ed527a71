import type { loginBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type LoginBody = z.output<typeof loginBodySchema>;

/** POST /api/auth/login. A wrong password is a 401 to show, not an expired session. */
export function login(body: LoginBody) {
  return api.post("/api/auth/login", (contract) => contract.authResponseSchema, {
    body,
    redirectOnUnauthorized: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
