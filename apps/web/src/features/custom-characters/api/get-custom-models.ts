import type { CustomModel, Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every query of the user's own characters (lists and details), to refresh them together. */
export const CUSTOM_MODELS_QUERY_KEY = ["custom-models"] as const;

/** While a portrait is being drawn, the answer is asked again now and then, in case its event is missed. */
export const PENDING_PORTRAIT_POLL_MS = 10_000;

export function hasPendingPortrait(models: readonly CustomModel[] | undefined): boolean {
  return models?.some((model) => model.portrait_status === "pending") ?? false;
}

/** GET /api/custom/models?gender — the user's characters of one category. */
export function getCustomModels(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/custom/models", (contract) => contract.customModelListSchema, {
    params: { gender },
    signal,
  });
}

export const customModelsQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: [...CUSTOM_MODELS_QUERY_KEY, "list", gender],
    queryFn: ({ signal }) => getCustomModels(gender, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      hasPendingPortrait(query.state.data?.items) ? PENDING_PORTRAIT_POLL_MS : false,
  });

export function useCustomModels(gender: Gender) {
  return useQuery(customModelsQueryOptions(gender));
}
