import type { MessageReportQuery } from "@reverie/shared";
import { useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { useReports } from "../api/list-reports";
import { ReportCard } from "./report-card";

type Status = NonNullable<MessageReportQuery["status"]>;
const STATUS_TABS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: "open", label: "Open" },
  { value: "dismissed", label: "Dismissed" },
  { value: "message_hidden", label: "Hidden" },
  { value: "user_banned", label: "Banned" },
  { value: "all", label: "All" },
];

/** Messages users reported, newest first; open ones until a moderator deals with them. */
export function ReportQueue({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<Status>("open");
  const reports = useReports({ status, limit: 25 });
  return (
    <div className="space-y-3">
      <Tabs items={STATUS_TABS} value={status} onChange={setStatus} label="Report status" size="sm" />
      {reports.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : reports.data.items.length === 0 ? (
        <p className="text-sm text-ink-400">No reports here.</p>
      ) : (
        <ul className="space-y-3" data-testid="admin-report-queue">
          {reports.data.items.map((report) => (
            <ReportCard key={report.id} report={report} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </div>
  );
}
