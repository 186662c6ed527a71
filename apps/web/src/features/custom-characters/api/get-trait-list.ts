import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/custom/traits — every trait with its options, the price of a character and premium's allowance. */
export function getTraitList(signal?: AbortSignal) {
  return api.get("/api/custom/traits", (contract) => contract.traitListSchema, { signal });
}

export const traitListQueryOptions = () =>
  queryOptions({
    queryKey: ["custom-traits"],
    queryFn: ({ signal }) => getTraitList(signal),
    // the trait list changes with a deploy, not while someone builds
    staleTime: 30 * 60_000,
  });

export function useTraitList() {
  return useQuery(traitListQueryOptions());
}
