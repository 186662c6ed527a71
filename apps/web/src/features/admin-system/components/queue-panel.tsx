import type { AdminSystem } from "@reverie/shared";
import { useAdminOperator } from "@/components/layout/admin-layout";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useRetryJob } from "../api/retry-job";

const STATES = ["queued", "running", "failed", "done"] as const;

/** The job queue: jobs by kind and state, the backend's own counts, and recent failures to retry. */
export function QueuePanel({ queue }: { queue: AdminSystem["queue"] }) {
  const operator = useAdminOperator();
  const retry = useRetryJob();
  const kinds = [...new Set(queue.counts.map((row) => row.kind))];
  const count = (kind: string, status: string) =>
    queue.counts.find((row) => row.kind === kind && row.status === status)?.count ?? 0;

  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-3 sm:p-4">
        <h3 className="text-sm text-ink-300">
          Depth by kind ({queue.backend === "bullmq" ? "BullMQ on Redis" : "database queue"})
        </h3>
        {kinds.length === 0 ? (
          <p className="text-sm text-ink-400">No jobs yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="admin-queue-counts">
              <thead className="text-xs text-ink-400">
                <tr>
                  <th className="py-2 pr-3 font-normal">Kind</th>
                  {STATES.map((state) => (
                    <th key={state} className="py-2 pr-3 text-right font-normal">
                      {state}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="tabular-nums text-ink-200">
                {kinds.map((kind) => (
                  <tr key={kind} className="border-t border-white/5">
                    <td className="py-2 pr-3">{kind}</td>
                    {STATES.map((state) => (
                      <td key={state} className="py-2 pr-3 text-right">
                        {count(kind, state)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {queue.backend_counts ? (
          <p className="text-xs text-ink-400">
            BullMQ:{" "}
            {Object.entries(queue.backend_counts)
              .map(([state, value]) => `${state} ${value}`)
              .join(" · ")}
          </p>
        ) : null}
      </Card>
      <div className="space-y-2">
        <h3 className="text-sm text-ink-300">Recent failures</h3>
        {retry.isError ? <Notice tone="error">{errorMessage(retry.error)}</Notice> : null}
        {queue.recent_failures.length === 0 ? (
          <EmptyState title="No failed jobs" testId="admin-failures-empty" />
        ) : (
          <ul className="space-y-2" data-testid="admin-failures">
            {queue.recent_failures.map((job) => (
              <li key={job.id}>
                <Card
                  className="flex flex-wrap items-start justify-between gap-3 p-3"
                  data-testid="admin-failed-job"
                >
                  <div className="min-w-0 space-y-1 text-sm">
                    <p className="text-ink-100">
                      {job.kind} #{job.id} · {job.attempts}/{job.max_attempts} attempts
                    </p>
                    <p className="break-words text-coral-200">{job.last_error ?? "no error recorded"}</p>
                    <p className="text-xs text-ink-400">{new Date(job.created_at).toLocaleString()}</p>
                  </div>
                  {operator.role === "admin" ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={retry.isPending && retry.variables === job.id}
                      onClick={() => retry.mutate(job.id)}
                    >
                      Retry
                    </Button>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
