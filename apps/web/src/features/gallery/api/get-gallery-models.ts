import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/gallery/models?gender — characters that have gallery media (the model filter). */
export function getGalleryModels(gender: Gender, signal?: AbortSignal) {
  return api.get("/api/gallery/models", (contract) => contract.galleryModelsResponseSchema, {
    params: { gender },
    signal,
  });
}

export const galleryModelsQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: ["gallery", "models", { gender }],
    queryFn: ({ signal }) => getGalleryModels(gender, signal),
  });

export function useGalleryModels(gender: Gender) {
  return useQuery(galleryModelsQueryOptions(gender));
}
