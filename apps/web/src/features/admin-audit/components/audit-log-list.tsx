import type { AuditEntry } from "@reverie/shared";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAuditLog } from "../api/get-audit-log";

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return JSON.stringify(value);
}

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="space-y-1 border-t border-white/5 py-3 text-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-ink-100">{entry.action}</span>
        <time className="text-xs text-ink-500" dateTime={entry.created_at}>
          {new Date(entry.created_at).toLocaleString()}
        </time>
      </div>
      <p className="text-ink-300" data-private>
        {entry.actor_email}
        {entry.ip ? <span className="text-ink-500"> ({entry.ip})</span> : null} →{" "}
        {entry.target_type === "user" && entry.target_id ? (
          <Link to={paths.adminUser(entry.target_id)} className="text-coral-200 hover:underline">
            user {entry.target_id}
          </Link>
        ) : (
          `${entry.target_type} ${entry.target_id ?? ""}`
        )}
      </p>
      {entry.reason ? <p className="text-ink-200">“{entry.reason}”</p> : null}
      <p className="break-all font-mono text-xs text-ink-400">
        {show(entry.before)} → {show(entry.after)}
      </p>
    </li>
  );
}

/** The audit log, newest first, read-only by design. */
export function AuditLogList({ targetType, targetId }: { targetType?: string; targetId?: string }) {
  const log = useAuditLog({
    ...(targetType ? { target_type: targetType } : {}),
    ...(targetId ? { target_id: targetId } : {}),
  });
  if (log.isPending) return <Spinner label="Loading the audit log" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <p className="text-ink-400">Nothing has been changed yet.</p>;
  return (
    <div className="space-y-4">
      <ul data-testid="audit-log">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Older entries
        </Button>
      ) : null}
    </div>
  );
}
