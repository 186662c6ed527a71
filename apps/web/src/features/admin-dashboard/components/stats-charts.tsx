import type { AdminFunnelStep, AdminStatsDay } from "@reverie/shared";
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Card } from "@/components/ui/card";

/** The palette of the app's theme (styles/index.css), as the SVG needs plain colours. */
const COLORS = {
  coral: "#ff6478",
  violet: "#a78bfa",
  emerald: "#34d399",
  amber: "#fbbf24",
  grid: "#2e2240",
  axis: "#8d7fa0",
} as const;

const tooltipStyle = {
  contentStyle: { background: "#1d1528", border: "1px solid #3f3255", borderRadius: 12, color: "#f5f0fa" },
  labelStyle: { color: "#dcd3e6" },
};

const shortDate = (date: string) => date.slice(5);

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card className="space-y-3 p-3 sm:p-4" data-testid={testId}>
      <h2 className="font-display text-base text-ink-100">{title}</h2>
      <div className="h-56 w-full sm:h-64">
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function axes(format?: (value: number) => string) {
  return [
    <CartesianGrid key="grid" stroke={COLORS.grid} strokeDasharray="3 3" />,
    <XAxis
      key="x"
      dataKey="date"
      tickFormatter={shortDate}
      stroke={COLORS.axis}
      fontSize={11}
      minTickGap={16}
    />,
    <YAxis
      key="y"
      stroke={COLORS.axis}
      fontSize={11}
      width={48}
      allowDecimals={false}
      {...(format ? { tickFormatter: format } : {})}
    />,
    <Tooltip key="tip" {...tooltipStyle} />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
}

/** Every currency seen in the range, so each gets its revenue and refund series. */
function currenciesOf(days: AdminStatsDay[]): string[] {
  const seen = new Set<string>();
  for (const day of days) {
    for (const currency of Object.keys(day.revenue_cents)) seen.add(currency);
    for (const currency of Object.keys(day.refunded_cents)) seen.add(currency);
  }
  return [...seen].sort();
}

/** The dashboard's charts (recharts): loaded on demand by the Dashboard screen only. */
export default function StatsCharts({ days, funnel }: { days: AdminStatsDay[]; funnel: AdminFunnelStep[] }) {
  const currencies = currenciesOf(days);
  const money = days.map((day) => ({
    date: day.date,
    ...Object.fromEntries(
      currencies.flatMap((currency) => [
        [`revenue_${currency}`, (day.revenue_cents[currency] ?? 0) / 100],
        [`refunded_${currency}`, (day.refunded_cents[currency] ?? 0) / 100],
      ]),
    ),
  }));
  const funnelRows = funnel.map((step) => ({
    ...step,
    label:
      step.from_previous === null
        ? `${step.clients}`
        : `${step.clients} · ${Math.round(step.from_previous * 1000) / 10}%`,
  }));
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartCard title="People" testId="admin-chart-people">
        <LineChart data={days}>
          {axes()}
          <Line type="monotone" dataKey="sign_ups" name="Sign-ups" stroke={COLORS.coral} dot={false} />
          <Line
            type="monotone"
            dataKey="active_users"
            name="Active users"
            stroke={COLORS.violet}
            dot={false}
          />
        </LineChart>
      </ChartCard>
      <ChartCard title="Messages, pictures and voice" testId="admin-chart-activity">
        <BarChart data={days}>
          {axes()}
          <Bar dataKey="messages" name="Messages" fill={COLORS.violet} />
          <Bar dataKey="pictures" name="Pictures" fill={COLORS.coral} />
          <Bar dataKey="voice_messages" name="Voice" fill={COLORS.emerald} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Revenue and refunds" testId="admin-chart-revenue">
        <BarChart data={money}>
          {axes()}
          {currencies.flatMap((currency) => [
            <Bar
              key={`revenue_${currency}`}
              dataKey={`revenue_${currency}`}
              name={`Revenue (${currency.toUpperCase()})`}
              fill={COLORS.emerald}
            />,
            <Bar
              key={`refunded_${currency}`}
              dataKey={`refunded_${currency}`}
              name={`Refunded (${currency.toUpperCase()})`}
              fill={COLORS.amber}
            />,
          ])}
        </BarChart>
      </ChartCard>
      <ChartCard title="Token flow" testId="admin-chart-tokens">
        <LineChart data={days}>
          {axes()}
          <Line
            type="monotone"
            dataKey="tokens_credited"
            name="Credited"
            stroke={COLORS.emerald}
            dot={false}
          />
          <Line type="monotone" dataKey="tokens_debited" name="Debited" stroke={COLORS.coral} dot={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title="Conversion funnel (visitors since the range's start)" testId="admin-chart-funnel">
        <BarChart data={funnelRows} layout="vertical" margin={{ right: 72 }}>
          <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" />
          <XAxis type="number" stroke={COLORS.axis} fontSize={11} allowDecimals={false} />
          <YAxis type="category" dataKey="event" stroke={COLORS.axis} fontSize={11} width={110} />
          <Tooltip {...tooltipStyle} />
          <Bar dataKey="clients" name="Visitors" fill={COLORS.coral}>
            <LabelList dataKey="label" position="right" fill="#dcd3e6" fontSize={11} />
          </Bar>
        </BarChart>
      </ChartCard>
    </div>
  );
}
