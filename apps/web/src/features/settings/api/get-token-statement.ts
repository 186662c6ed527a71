import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { nextStatementPage } from "../utils/token-statement";

export const TOKEN_STATEMENT_PAGE_SIZE = 10;

/** GET /api/user/ledger?page&limit — one page of the token statement, newest first. */
export function getTokenStatement(page: number, signal?: AbortSignal) {
  return api.get("/api/user/ledger", (contract) => contract.ledgerResponseSchema, {
    params: { page, limit: TOKEN_STATEMENT_PAGE_SIZE },
    signal,
  });
}

export const tokenStatementQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["payment", "ledger"],
    queryFn: ({ pageParam, signal }) => getTokenStatement(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) =>
      nextStatementPage(pages.length, TOKEN_STATEMENT_PAGE_SIZE, lastPage.total_count),
    // every unlock and message changes it: asked afresh whenever settings open
    staleTime: 0,
  });

/** Pages accumulate ("Load more"). */
export function useTokenStatement() {
  return useInfiniteQuery(tokenStatementQueryOptions());
}
