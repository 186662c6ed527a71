import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const USER_SEARCH_PAGE_SIZE = 25;

/** GET /api/admin/users?q&page&limit — accounts by email, name or id, newest first. */
export function searchUsers(query: { q: string; page: number }, signal?: AbortSignal) {
  return api.get("/api/admin/users", (contract) => contract.adminUserListSchema, {
    params: { q: query.q, page: query.page, limit: USER_SEARCH_PAGE_SIZE },
    signal,
  });
}

export const userSearchQueryOptions = (query: { q: string; page: number }) =>
  queryOptions({
    queryKey: ["admin", "users", "search", query],
    queryFn: ({ signal }) => searchUsers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useUserSearch(query: { q: string; page: number }) {
  return useQuery(userSearchQueryOptions(query));
}
