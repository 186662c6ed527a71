import type { LedgerEntry } from "@reverie/shared";
import { Coins } from "lucide-react";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatTokens } from "@/lib/format";
import { useTokenStatement } from "../api/get-token-statement";
import { formatShortDay } from "../utils/billing-format";
import { describeTokenDelta, formatTokenDelta, statementLines } from "../utils/token-statement";

function StatementRow({ entry }: { entry: LedgerEntry }) {
  return (
    <li data-testid="token-statement-item" className="flex items-start gap-3 py-3.5 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="text-sm text-ink-100">{entry.description}</p>
        <time dateTime={entry.created_at} className="mt-0.5 block text-xs text-ink-400">
          {formatShortDay(entry.created_at)}
        </time>
      </div>
      <div className="shrink-0 text-right tabular-nums">
        <p
          data-testid="token-delta"
          className={cn("text-sm font-semibold", entry.delta > 0 ? "text-emerald-300" : "text-ink-100")}
        >
          <span aria-hidden="true">{formatTokenDelta(entry.delta)}</span>
          <span className="sr-only">{describeTokenDelta(entry.delta)}</span>
        </p>
        <p className="mt-0.5 text-xs text-ink-400">
          Balance <span data-testid="token-balance-after">{formatTokens(entry.balance_after)}</span>
        </p>
      </div>
    </li>
  );
}

function TokenStatementContent() {
  const statement = useTokenStatement();
  const pages = statement.data?.pages;
  const lines = useMemo(() => statementLines(pages ?? []), [pages]);

  if (statement.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (statement.isError && lines.length === 0) {
    return (
      <ErrorState
        title="We couldn't load your token statement"
        error={statement.error}
        onRetry={() => statement.refetch()}
      />
    );
  }
  if (lines.length === 0) {
    return (
      <EmptyState
        icon={<Coins className="size-6" aria-hidden="true" />}
        title="No token activity yet"
        description="Tokens you buy, receive or spend on messages and unlocks will show here."
        className="py-10"
      />
    );
  }
  const total = pages?.[0]?.total_count ?? lines.length;

  return (
    <div className="space-y-5">
      <ul className="divide-y divide-white/[0.06]" aria-label="Token changes">
        {lines.map((entry) => (
          <StatementRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {statement.isFetchNextPageError ? <Notice tone="error">{errorMessage(statement.error)}</Notice> : null}
      {statement.hasNextPage ? (
        <div className="flex flex-col items-center gap-2 border-t border-white/[0.06] pt-5">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => statement.fetchNextPage()}
            loading={statement.isFetchingNextPage}
            data-testid="token-statement-more"
          >
            Load more
          </Button>
          <p className="text-xs text-ink-500" aria-live="polite">
            Showing {lines.length} of {total}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** Every change of the token balance, newest first: when, what for, how many, and the balance after. */
export function TokenStatement() {
  return (
    <div data-testid="token-statement">
      <TokenStatementContent />
    </div>
  );
}
