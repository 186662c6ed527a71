import type { PlanVariant } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/subscriptions/plans?variant — premium plans of one list and what premium includes. */
export function getPlans(variant: PlanVariant, signal?: AbortSignal) {
  return api.get("/api/subscriptions/plans", (contract) => contract.plansResponseSchema, {
    params: { variant },
    signal,
  });
}

export const plansQueryOptions = (variant: PlanVariant = "default") =>
  queryOptions({
    queryKey: ["subscriptions", "plans", variant],
    queryFn: ({ signal }) => getPlans(variant, signal),
    staleTime: 60 * 60_000,
  });

export function usePlans(variant: PlanVariant = "default") {
  return useQuery(plansQueryOptions(variant));
}
