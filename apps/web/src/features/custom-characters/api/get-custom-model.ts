import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { CUSTOM_MODELS_QUERY_KEY, hasPendingPortrait, PENDING_PORTRAIT_POLL_MS } from "./get-custom-models";

/** GET /api/custom/models/{id} — one of the user's characters; another user's is a 404. */
export function getCustomModel(id: number, signal?: AbortSignal) {
  return api.get(`/api/custom/models/${id}`, (contract) => contract.customModelSchema, { signal });
}

export const customModelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...CUSTOM_MODELS_QUERY_KEY, "detail", id],
    queryFn: ({ signal }) => getCustomModel(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
    refetchInterval: (query) =>
      hasPendingPortrait(query.state.data ? [query.state.data] : undefined)
        ? PENDING_PORTRAIT_POLL_MS
        : false,
  });

export function useCustomModel(id: number, options: { enabled?: boolean } = {}) {
  const query = customModelQueryOptions(id);
  return useQuery({ ...query, enabled: (options.enabled ?? true) && query.enabled !== false });
}
