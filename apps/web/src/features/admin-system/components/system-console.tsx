import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { useSystem } from "../api/get-system";
import { SYSTEM_TABS, useSystemTab } from "../hooks/use-system-tab";
import { providerWarnings } from "../utils/provider-warnings";
import { ProvidersPanel } from "./providers-panel";
import { QueuePanel } from "./queue-panel";
import { ReplaysPanel } from "./replays-panel";
import { UsagePanel } from "./usage-panel";

function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** The console's System screen: providers and health, the job queue, the LLM's usage, session replays. */
export function SystemConsole() {
  const { tab, setTab } = useSystemTab();
  const system = useSystem();
  return (
    <div className="space-y-4" data-testid="admin-system">
      <Tabs label="System" items={SYSTEM_TABS} value={tab} onChange={setTab} testId="admin-system-tabs" />
      {tab === "replays" ? (
        <ReplaysPanel />
      ) : tab === "usage" ? (
        <UsagePanel />
      ) : system.isPending ? (
        <Skeleton className="h-48 rounded-2xl" />
      ) : system.isError ? (
        <ErrorState error={system.error} onRetry={() => void system.refetch()} />
      ) : (
        <>
          <p className="text-xs text-ink-400">
            Version {system.data.version} · up {formatUptime(system.data.uptime_seconds)}
          </p>
          <SystemWarnings lines={providerWarnings(system.data.providers)} />
          {tab === "providers" ? <ProvidersPanel providers={system.data.providers} /> : null}
          {tab === "jobs" ? <QueuePanel queue={system.data.queue} /> : null}
        </>
      )}
    </div>
  );
}

/** What falls short in production, above both tabs that show the system's state. */
function SystemWarnings({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Notice tone="warning" testId="admin-system-warnings">
      <ul className="space-y-1">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Notice>
  );
}
