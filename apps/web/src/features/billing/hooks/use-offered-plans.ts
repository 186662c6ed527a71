import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { plansQueryOptions } from "../api/get-plans";
import { sessionPlanVariant } from "../utils/traffic";

/**
 * The plans this visitor is offered: the list of their traffic variant (`?traffic=facebook`, kept
 * for the session), or the regular list when that one is empty (the `discount` list is).
 */
export function useOfferedPlans() {
  const { search } = useLocation();
  const variant = useMemo(() => sessionPlanVariant(search), [search]);
  const offered = useQuery(plansQueryOptions(variant));
  const emptyVariant = variant !== "default" && offered.data?.plans.length === 0;
  const regular = useQuery({ ...plansQueryOptions("default"), enabled: emptyVariant });
  return emptyVariant ? regular : offered;
}
