import type { AdminUserDetail } from "@reverie/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/users/:id — plan, balance, ledger, chats count, sessions, role and ban. */
export function getUser(id: string, signal?: AbortSignal) {
  return api.get(`/api/admin/users/${encodeURIComponent(id)}`, (contract) => contract.adminUserDetailSchema, {
    signal,
  });
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["admin", "users", "detail", id],
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });

export function useAdminUser(id: string) {
  return useQuery(userQueryOptions(id));
}

/** After a change: the page shows the server's answer, and searches are asked again. */
export function showUser(queryClient: QueryClient, user: AdminUserDetail): void {
  queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
  void queryClient.invalidateQueries({ queryKey: ["admin", "users", "search"] });
  void queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] });
}

/** After a change whose answer is not the user: ask again. */
export function refreshUser(queryClient: QueryClient, id: string): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: ["admin", "users", "search"] });
  void queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] });
  return queryClient.invalidateQueries({ queryKey: userQueryOptions(id).queryKey });
}
