import type { Gender } from "@reverie/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/bundles?gender&kind — bundles and packs with their prices. */
export function listBundles(query: { gender: Gender; kind: "bundle" | "pack" }, signal?: AbortSignal) {
  return api.get("/api/admin/bundles", (contract) => contract.adminBundleListSchema, {
    params: query,
    signal,
  });
}

export const bundlesQueryOptions = (query: { gender: Gender; kind: "bundle" | "pack" }) =>
  queryOptions({
    queryKey: ["admin", "catalog", "bundles", query],
    queryFn: ({ signal }) => listBundles(query, signal),
  });

export function useAdminBundles(query: { gender: Gender; kind: "bundle" | "pack" }) {
  return useQuery(bundlesQueryOptions(query));
}
