import type { AdminSession } from "@reverie/shared";
import { AdminPanel } from "./admin-panel";

/** The user's live sessions (devices signed in). */
export function UserSessions({ sessions }: { sessions: AdminSession[] }) {
  return (
    <AdminPanel title={`Sessions (${sessions.length})`} testId="admin-sessions">
      {sessions.length === 0 ? (
        <p className="text-sm text-ink-400">Signed in nowhere.</p>
      ) : (
        <ul className="divide-y divide-white/5 text-sm" data-private>
          {sessions.map((session) => (
            <li key={session.id} className="space-y-0.5 py-2">
              <span className="block truncate text-ink-200">{session.user_agent ?? "Unknown device"}</span>
              <span className="block text-xs text-ink-500">
                {session.ip_address ?? "no address"} · since {new Date(session.created_at).toLocaleString()} ·
                until {new Date(session.expires_at).toLocaleDateString()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
