import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/subscriptions/plans — the premium plans an operator may give. */
export function getPlans(signal?: AbortSignal) {
  return api.get("/api/subscriptions/plans", (contract) => contract.plansResponseSchema, { signal });
}

export const adminPlansQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "plans"],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 600_000,
  });

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions());
}
