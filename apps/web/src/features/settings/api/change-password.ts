import type { changePasswordBodySchema } from "@reverie/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { storage } from "@/lib/storage";

export type ChangePasswordBody = z.output<typeof changePasswordBodySchema>;

/**
 * POST /api/auth/password/change — 400 with a message when the current password is wrong. Every
 * other session ends and this device gets a new token, which replaces the stored one.
 */
export async function changePassword(body: ChangePasswordBody) {
  const result = await api.post(
    "/api/auth/password/change",
    (contract) => contract.changePasswordResponseSchema,
    { body },
  );
  storage.set("accessToken", result.token);
  return result;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
