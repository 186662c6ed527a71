import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/models/{id} — one character. */
export function getModel(id: number, signal?: AbortSignal) {
  return api.get(`/api/models/${id}`, (contract) => contract.modelSchema, { signal });
}

export const modelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["models", "detail", id],
    queryFn: ({ signal }) => getModel(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useModel(id: number) {
  return useQuery(modelQueryOptions(id));
}
