import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/models?gender — the characters' covers, as ambient art behind the account screens. */
export async function getBackdropArt(gender: Gender, signal?: AbortSignal): Promise<string[]> {
  const { items } = await api.get("/api/models", (contract) => contract.modelListSchema, {
    params: { gender },
    signal,
  });
  return items.map((model) => model.cover_url).filter(Boolean);
}

export const backdropArtQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["auth-backdrop", gender],
    queryFn: ({ signal }) => getBackdropArt(gender, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useBackdropArt(gender: Gender) {
  return useQuery(backdropArtQueryOptions(gender));
}
