import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/subscriptions/plans — premium plans and what premium includes. */
export function getPlans(signal?: AbortSignal) {
  return api.get("/api/subscriptions/plans", (contract) => contract.plansResponseSchema, { signal });
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ["subscriptions", "plans"],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 60 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
