import type { AdminStats } from "@reverie/shared";
import { ChartNoAxesCombined } from "lucide-react";
import { lazy, Suspense } from "react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { useStats } from "../api/get-stats";
import { RANGE_DAYS, type RangeDays, useStatsRange } from "../hooks/use-stats-range";
import { FunnelTable } from "./funnel-table";
import { StatsTotals } from "./stats-totals";

// recharts is large: it loads with the charts, after the totals are on screen
const StatsCharts = lazy(() => import("./stats-charts"));

function isQuiet(stats: AdminStats): boolean {
  const { totals } = stats;
  return (
    totals.sign_ups + totals.messages + totals.pictures + totals.voice_messages + totals.tokens_credited ===
      0 &&
    Object.keys(totals.revenue_cents).length === 0 &&
    stats.funnel.every((step) => step.clients === 0)
  );
}

function ChartsLoading() {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-72 rounded-2xl" />
      ))}
    </div>
  );
}

/** The console's Dashboard: a range of 7, 30 or 90 days; totals, charts per day, the funnel. */
export function Dashboard() {
  const { days, setDays, range } = useStatsRange();
  const stats = useStats(range);

  return (
    <div className="space-y-6" data-testid="admin-dashboard">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs<`${RangeDays}`>
          label="Range"
          size="sm"
          items={RANGE_DAYS.map((choice) => ({ value: `${choice}`, label: `${choice} days` }))}
          value={`${days}`}
          onChange={(value) => setDays(Number(value) as RangeDays)}
          testId="admin-stats-range"
        />
        <p className="text-xs text-ink-400">
          {range.from} → {range.to} (UTC)
        </p>
      </div>
      {stats.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-24 rounded-2xl" />
          <ChartsLoading />
        </div>
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : isQuiet(stats.data) ? (
        <EmptyState
          icon={<ChartNoAxesCombined className="size-6" aria-hidden="true" />}
          title="Nothing happened in this range yet"
          description="Sign-ups, messages, payments and visits show here per day as they come in."
          testId="admin-stats-empty"
        />
      ) : (
        <>
          <StatsTotals totals={stats.data.totals} />
          <Suspense fallback={<ChartsLoading />}>
            <StatsCharts days={stats.data.days} funnel={stats.data.funnel} />
          </Suspense>
          <Card className="space-y-3 p-3 sm:p-4">
            <h2 className="font-display text-base text-ink-100">Funnel</h2>
            <FunnelTable funnel={stats.data.funnel} />
          </Card>
          {stats.data.token_flow.length > 0 ? (
            <Card className="space-y-3 p-3 sm:p-4">
              <h2 className="font-display text-base text-ink-100">Tokens by reason</h2>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm" data-testid="admin-token-flow">
                  <thead className="text-xs text-ink-400">
                    <tr>
                      <th className="py-2 pr-3 font-normal">Reason</th>
                      <th className="py-2 pr-3 text-right font-normal">Credited</th>
                      <th className="py-2 text-right font-normal">Debited</th>
                    </tr>
                  </thead>
                  <tbody className="tabular-nums text-ink-200">
                    {stats.data.token_flow.map((row) => (
                      <tr key={row.reason} className="border-t border-white/5">
                        <td className="py-2 pr-3">{row.reason}</td>
                        <td className="py-2 pr-3 text-right">{row.credited}</td>
                        <td className="py-2 text-right">{row.debited}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          ) : null}
        </>
      )}
    </div>
  );
}
