import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/custom/traits — every trait with its options, the price of a character and premium's allowance. */
export function getTraitCatalogue(signal?: AbortSignal) {
  return api.get("/api/custom/traits", (contract) => contract.traitCatalogueSchema, { signal });
}

export const traitCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: ["custom-traits"],
    queryFn: ({ signal }) => getTraitCatalogue(signal),
    // the catalogue changes with a deploy, not while someone builds
    staleTime: 30 * 60_000,
  });

export function useTraitCatalogue() {
  return useQuery(traitCatalogueQueryOptions());
}
