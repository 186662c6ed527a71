import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/custom/images/styles — the styles the server's image provider makes, with their labels:
 * "Realistic" where it makes photographs, "Illustration" where the offline renderer draws them.
 */
export function getImageStyles(signal?: AbortSignal) {
  return api.get("/api/custom/images/styles", (contract) => contract.imageStylesSchema, { signal });
}

export const imageStylesQueryOptions = () =>
  queryOptions({
    queryKey: ["custom-images", "styles"],
    queryFn: ({ signal }) => getImageStyles(signal),
    // the provider changes only with the server's configuration
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useImageStyles() {
  return useQuery(imageStylesQueryOptions());
}
