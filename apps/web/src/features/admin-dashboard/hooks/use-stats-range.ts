import { useSearchParams } from "react-router";
import type { StatsRange } from "../api/get-stats";

export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` whole UTC days, today included. */
export function rangeOfDays(days: RangeDays, now = new Date()): StatsRange {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** The dashboard's range in the address (`?days=7|30|90`, 30 by default), so it survives a reload. */
export function useStatsRange() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("days"));
  const days: RangeDays = RANGE_DAYS.find((choice) => choice === asked) ?? 30;
  const setDays = (next: RangeDays) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("days", String(next));
        return updated;
      },
      { replace: true },
    );
  return { days, setDays, range: rangeOfDays(days) };
}
