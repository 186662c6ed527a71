import type { CustomModelPayload } from "@reverie/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser, userQueryOptions } from "@/lib/auth";
import { CUSTOM_MODELS_QUERY_KEY } from "./get-custom-models";

/**
 * POST /api/custom/models — 201 `{model_id, current_tokens}`; 402 `insufficient_balance` when the
 * tokens (or premium's monthly allowance) don't cover it; a 400 names the field it refuses; the
 * definition is moderated first.
 */
export function createCustomModel(payload: CustomModelPayload) {
  return api.post("/api/custom/models", (contract) => contract.customModelCreatedSchema, { body: payload });
}

/** A new character of the user's: the balance after paying for it, and their lists asked again. */
export function applyCreatedCharacter(queryClient: QueryClient, currentTokens: number): void {
  const user = queryClient.getQueryData(userQueryOptions("token").queryKey);
  if (user) setSessionUser(queryClient, { ...user, tokens: currentTokens });
  void queryClient.invalidateQueries({ queryKey: CUSTOM_MODELS_QUERY_KEY });
}

export function useCreateCustomModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomModel,
    onSuccess: ({ current_tokens }) => applyCreatedCharacter(queryClient, current_tokens),
  });
}
