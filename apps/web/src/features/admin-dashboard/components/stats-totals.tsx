import type { AdminStats } from "@reverie/shared";
import { Card } from "@/components/ui/card";
import { formatPrice, formatTokens } from "@/lib/format";

function money(byCurrency: Record<string, number>): string {
  const entries = Object.entries(byCurrency);
  if (entries.length === 0) return formatPrice(0, "usd");
  return entries.map(([currency, cents]) => formatPrice(cents, currency)).join(" + ");
}

/** The range's totals, one tile each. */
export function StatsTotals({ totals }: { totals: AdminStats["totals"] }) {
  const tiles = [
    { label: "Sign-ups", value: formatTokens(totals.sign_ups) },
    { label: "Active users", value: formatTokens(totals.active_users) },
    { label: "Messages", value: formatTokens(totals.messages) },
    { label: "Pictures", value: formatTokens(totals.pictures) },
    { label: "Voice messages", value: formatTokens(totals.voice_messages) },
    { label: "Revenue", value: money(totals.revenue_cents) },
    { label: "Refunded", value: money(totals.refunded_cents) },
    {
      label: "Tokens in / out",
      value: `${formatTokens(totals.tokens_credited)} / ${formatTokens(totals.tokens_debited)}`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="admin-stats-totals">
      {tiles.map((tile) => (
        <Card key={tile.label} className="p-3 sm:p-4">
          <dt className="text-xs text-ink-400">{tile.label}</dt>
          <dd className="mt-1 truncate font-display text-xl tabular-nums text-ink-100" title={tile.value}>
            {tile.value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
