import type { AdminLlmUsage } from "@reverie/shared";
import { Gauge } from "lucide-react";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { useLlmUsage } from "../hooks/use-llm-usage";

const count = new Intl.NumberFormat();

/**
 * What the model server said the replies cost, per model and UTC day (decision 48). Tokens are
 * only what the server reported: replies it sent no usage for say "not reported", not a guess.
 */
export function UsagePanel() {
  const usage = useLlmUsage();
  return (
    <div className="space-y-3">
      <p className="text-xs text-ink-400">
        Tokens as the model server reported them, per model and day (UTC), the last 14 days. The offline
        engine uses none.
      </p>
      <DataTable
        query={usage}
        testId="admin-llm-usage"
        empty={{
          icon: <Gauge className="size-6" aria-hidden="true" />,
          title: "No model server replies yet",
          testId: "admin-llm-usage-empty",
        }}
        rowKey={(row) => `${row.day} ${row.model}`}
        row={(row) => <UsageRow row={row} />}
      />
    </div>
  );
}

function UsageRow({ row }: { row: AdminLlmUsage }) {
  return (
    <Card
      className="flex flex-wrap items-start justify-between gap-3 p-3 sm:p-4"
      data-testid="admin-llm-usage-row"
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-ink-100">{row.model}</p>
        <p className="tabular-nums text-ink-300">
          {row.replies > 0 ? (
            <>
              {count.format(row.prompt_tokens)} prompt · {count.format(row.completion_tokens)} completion
              tokens over {count.format(row.replies)} {row.replies === 1 ? "reply" : "replies"}
            </>
          ) : (
            "Tokens not reported"
          )}
        </p>
        {row.unreported > 0 ? (
          <p className="text-xs text-ink-400">
            {count.format(row.unreported)} {row.unreported === 1 ? "reply" : "replies"}: not reported by the
            server (not estimated)
          </p>
        ) : null}
      </div>
      <time className="shrink-0 text-xs text-ink-400" dateTime={row.day}>
        {row.day}
      </time>
    </Card>
  );
}
