import type { sessionSchema } from "@reverie/shared";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { useSessions } from "../api/get-sessions";
import { useRevokeAllSessions } from "../api/revoke-all-sessions";
import { useRevokeSession } from "../api/revoke-session";
import { deviceLabel, isMobileUserAgent } from "../utils/device-label";
import { settingsErrorMessage } from "../utils/error-message";

type DeviceSession = z.infer<typeof sessionSchema>;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

function SessionRow({
  session,
  onSignOut,
  pending,
}: {
  session: DeviceSession;
  onSignOut: () => void;
  pending: boolean;
}) {
  const Icon = isMobileUserAgent(session.user_agent) ? Smartphone : Monitor;
  const created = formatDate(session.created_at);
  return (
    <li
      data-testid="session-item"
      data-current={session.current || undefined}
      className="flex items-center gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-2xl border border-white/10 bg-white/[0.04] text-ink-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink-100">
          <span className="truncate">{deviceLabel(session.user_agent)}</span>
          {session.current ? (
            <span
              data-testid="this-device"
              className="rounded-full border border-emerald-400/30 bg-emerald-400/10 px-2 py-0.5 text-[11px] font-semibold text-emerald-200"
            >
              This device
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs break-words text-ink-400">
          {[session.ip_address ?? "Unknown IP", created ? `Signed in ${created}` : null]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onSignOut} loading={pending}>
        Sign out
      </Button>
    </li>
  );
}

/** The devices signed in to this account; sign out one, or all of them (this one included). */
export function SessionsPanel() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeAll = useRevokeAllSessions();
  const [error, setError] = useState<string | null>(null);

  if (sessions.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <ErrorState
        title="We couldn't load your devices"
        error={sessions.error}
        onRetry={() => sessions.refetch()}
      />
    );
  }

  // This device first, then the most recent.
  const items = [...sessions.data.items].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at),
  );

  return (
    <div className="space-y-5">
      <ul className="divide-y divide-white/[0.06]" data-testid="session-list">
        {items.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            pending={revoke.isPending && revoke.variables?.id === session.id}
            onSignOut={() => {
              setError(null);
              revoke
                .mutateAsync({ id: session.id, current: session.current })
                .catch((failure: unknown) => setError(settingsErrorMessage(failure, "sign out session")));
            }}
          />
        ))}
      </ul>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex flex-col gap-3 border-t border-white/[0.06] pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-400">
          Lost a phone or used a shared computer? Sign out of every device.
        </p>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          loading={revokeAll.isPending}
          icon={<LogOut className="size-4" aria-hidden="true" />}
          onClick={() => {
            setError(null);
            revokeAll
              .mutateAsync()
              .catch((failure: unknown) => setError(settingsErrorMessage(failure, "sign out everywhere")));
          }}
        >
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
