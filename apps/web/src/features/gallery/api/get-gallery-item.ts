import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/v2/gallery/{id} — one item with its bundle (if any) and related items. */
export function getGalleryItem(id: number, signal?: AbortSignal) {
  return api.get(`/api/v2/gallery/${id}`, (contract) => contract.galleryItemDetailSchema, { signal });
}

export const galleryItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["gallery", "item", id],
    queryFn: ({ signal }) => getGalleryItem(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useGalleryItem(id: number) {
  return useQuery(galleryItemQueryOptions(id));
}
