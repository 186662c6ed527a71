import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every list of the user's pictures starts with this key (a new or deleted picture refreshes them all). */
export const IMAGES_QUERY_KEY = ["custom-images"] as const;

/** GET /api/custom/images?model_id — the user's pictures, of one character when given, newest first. */
export function getImages(modelId: number | null, signal?: AbortSignal) {
  return api.get("/api/custom/images", (contract) => contract.generatedImageListSchema, {
    params: { model_id: modelId ?? undefined },
    signal,
  });
}

export const imagesQueryOptions = (modelId: number | null) =>
  queryOptions({
    queryKey: [...IMAGES_QUERY_KEY, modelId ?? "all"],
    queryFn: ({ signal }) => getImages(modelId, signal),
    // the links are signed and expire: asked afresh each time the pictures show
    staleTime: 0,
  });

export function useImages(modelId: number | null, enabled = true) {
  return useQuery({ ...imagesQueryOptions(modelId), enabled });
}
