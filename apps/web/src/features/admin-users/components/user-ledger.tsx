import type { LedgerEntry } from "@reverie/shared";
import { cn } from "@/lib/cn";
import { formatTokens } from "@/lib/format";
import { AdminPanel } from "./admin-panel";

/** The newest rows of the user's token ledger. */
export function UserLedger({ rows }: { rows: LedgerEntry[] }) {
  return (
    <AdminPanel title="Ledger" testId="admin-ledger">
      {rows.length === 0 ? (
        <p className="text-sm text-ink-400">No token changes yet.</p>
      ) : (
        <ul className="divide-y divide-white/5 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block text-ink-200">{row.description}</span>
                <span className="block text-xs text-ink-500">
                  {new Date(row.created_at).toLocaleString()} · {row.reason}
                </span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                <span className={cn("block", row.delta < 0 ? "text-coral-300" : "text-emerald-300")}>
                  {row.delta > 0 ? "+" : ""}
                  {formatTokens(row.delta)}
                </span>
                <span className="block text-xs text-ink-500">= {formatTokens(row.balance_after)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
