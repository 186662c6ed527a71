import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/models?gender — only the first character's cover is used, as tile art. */
export async function getInterestPreview(gender: Gender, signal?: AbortSignal): Promise<string | null> {
  const { items } = await api.get("/api/models", (contract) => contract.modelListSchema, {
    params: { gender },
    signal,
  });
  return items[0]?.cover_url ?? null;
}

export const interestPreviewQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["interest-preview", gender],
    queryFn: ({ signal }) => getInterestPreview(gender, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useInterestPreview(gender: Gender) {
  return useQuery(interestPreviewQueryOptions(gender));
}
