import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { useRemoteConfig } from "@/lib/remote-config";
import { plansQueryOptions } from "../api/get-plans";
import { sessionPlanVariant } from "../utils/traffic";

/**
 * The plans this visitor is offered: the list of their traffic variant (`?traffic=facebook`, kept
 * for the session, and the list remote configuration gives that traffic), or the regular list when that one is empty (the `discount` list is).
 */
export function useOfferedPlans() {
  const { search } = useLocation();
  const facebookVariant = useRemoteConfig().plan_variant;
  const variant = useMemo(() => sessionPlanVariant(search, facebookVariant), [search, facebookVariant]);
  const offered = useQuery(plansQueryOptions(variant));
  const emptyVariant = variant !== "default" && offered.data?.plans.length === 0;
  const regular = useQuery({ ...plansQueryOptions("default"), enabled: emptyVariant });
  return emptyVariant ? regular : offered;
}
