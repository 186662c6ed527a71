import type { Gender } from "@reverie/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface GalleryFilters {
  gender?: Gender;
  modelId?: number;
  kind?: "photo" | "video";
  limit?: number;
}

export const GALLERY_PAGE_SIZE = 24;

/** GET /api/v2/gallery?gender&model_id&kind&page&limit — one page of media plus the category's packs. */
export function getGallery(filters: GalleryFilters, page: number, signal?: AbortSignal) {
  return api.get("/api/v2/gallery", (contract) => contract.galleryResponseSchema, {
    params: {
      gender: filters.gender,
      model_id: filters.modelId,
      kind: filters.kind,
      page,
      limit: filters.limit ?? GALLERY_PAGE_SIZE,
    },
    signal,
  });
}

export const galleryQueryOptions = (filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: ["gallery", filters],
    queryFn: ({ pageParam, signal }) => getGallery(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPageParam < lastPage.pages_count ? lastPageParam + 1 : undefined,
  });

/** Pages accumulate ("Load more"); while new filters load, the previous results stay on screen. */
export function useGallery(filters: GalleryFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...galleryQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
