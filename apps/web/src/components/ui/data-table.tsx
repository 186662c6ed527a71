import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";
import { Skeleton } from "./skeleton";

interface DataTableProps<Data extends { items: unknown[] }, Row = Data["items"][number]> {
  /** the page of records being shown (TanStack Query), whose answer has `items` */
  query: UseQueryResult<Data>;
  /** a record's key among the rows */
  rowKey: (row: Row) => string | number;
  /** a record as one row: a card on a phone and on a wide screen alike, keyboard reachable */
  row: (row: Row) => ReactNode;
  /** what shows when there is no record */
  empty: { icon: ReactNode; title: string; description?: string; testId: string };
  /** the list's test id */
  testId: string;
  /** under the rows: the pager (CursorPager, PagePager) */
  footer?: (data: Data) => ReactNode;
}

/**
 * An admin list of records: a placeholder while the page loads, the error with Retry, the empty
 * state, then one row per record and the pager under them.
 */
export function DataTable<Data extends { items: unknown[] }>({
  query,
  rowKey,
  row,
  empty,
  testId,
  footer,
}: DataTableProps<Data>) {
  if (query.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        testId={empty.testId}
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-2" data-testid={testId}>
        {query.data.items.map((record) => (
          <li key={rowKey(record)}>{row(record)}</li>
        ))}
      </ul>
      {footer?.(query.data)}
    </div>
  );
}

/**
 * Pages fetched by a cursor (`before`), newest first: the cursors seen so far, so Newer goes back
 * without asking the server where it was.
 */
export function useCursorPages<Cursor>() {
  const [pages, setPages] = useState<(Cursor | null)[]>([null]);
  return {
    cursor: pages.at(-1) ?? null,
    hasNewer: pages.length > 1,
    newer: () => setPages((stack) => stack.slice(0, -1)),
    older: (next: Cursor) => setPages((stack) => [...stack, next]),
  };
}

/** Newer / Older under a list paged by a cursor (`next` null: no older page). */
export function CursorPager<Cursor>({
  pages,
  next,
}: {
  pages: ReturnType<typeof useCursorPages<Cursor>>;
  next: Cursor | null;
}) {
  return (
    <div className="flex gap-2">
      {pages.hasNewer ? (
        <Button variant="secondary" size="sm" onClick={pages.newer}>
          Newer
        </Button>
      ) : null}
      {next !== null ? (
        <Button variant="secondary" size="sm" onClick={() => pages.older(next)}>
          Older
        </Button>
      ) : null}
    </div>
  );
}
