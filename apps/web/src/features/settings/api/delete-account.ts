import type { DeleteAccountBody } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "@/config/paths";
import { api, noContent } from "@/lib/api-client";
import { endSession } from "@/lib/auth";

/** Where a deleted account lands: the signed-out home, which says the account is gone. */
export const ACCOUNT_DELETED_PATH = `${paths.home}?account=deleted`;

/** DELETE /api/user — deletes the account; the password, or DELETE for an account without one. */
export function deleteAccount(body: DeleteAccountBody) {
  return api.delete("/api/user", noContent, { body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => endSession(queryClient, ACCOUNT_DELETED_PATH),
  });
}
