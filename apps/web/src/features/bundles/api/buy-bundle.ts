import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser, userQueryOptions } from "@/lib/auth";

/**
 * POST /api/bundles/{id}/payment — buys a bundle with tokens: the balance left, and `already_owned`
 * when it was bought before (nothing charged). 402 `insufficient_balance` when the tokens don't cover it.
 */
export function buyBundle(bundleId: number) {
  return api.post(`/api/bundles/${bundleId}/payment`, (contract) => contract.bundlePaymentResponseSchema);
}

/**
 * The queries whose answers hold media with `locked`: this feature's bundles (["bundles", …],
 * ["models", "bundles", …]) and the gallery's pages and items (["gallery", …], features/gallery/api).
 * Named by key, as features don't import each other; once bought, the server answers them unlocked.
 */
export const LOCKED_MEDIA_QUERY_KEYS = [["bundles"], ["models", "bundles"], ["gallery"]] as const;

/** The session user takes the balance left; the queries holding locked media are asked again. */
export function applyPurchase(queryClient: QueryClient, currentTokens: number): void {
  const user = queryClient.getQueryData(userQueryOptions("token").queryKey);
  if (user) setSessionUser(queryClient, { ...user, tokens: currentTokens });
  for (const queryKey of LOCKED_MEDIA_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/** Buys a bundle; the session's balance takes the answer's and the bundle's media load again, unlocked. */
export function useBuyBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyBundle,
    onSuccess: ({ current_tokens }) => applyPurchase(queryClient, current_tokens),
  });
}
