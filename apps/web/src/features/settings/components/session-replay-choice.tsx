import { useState, useSyncExternalStore } from "react";
import { Notice } from "@/components/ui/notice";
import { useSession } from "@/lib/auth";
import { onReplayOptOut, replayOptedOut, setReplayOptOut } from "@/lib/session-replay";
import { useUpdateUser } from "../api/update-user";
import { settingsErrorMessage } from "../utils/error-message";

/**
 * The session replay opt-out. Kept in this browser for everyone and, signed in, on the account (so
 * it holds on every device, and the server refuses the account's replays). Turning it off stops a
 * recording at once, before the server has answered.
 */
export function SessionReplayChoice() {
  const { user } = useSession();
  const optedOutHere = useSyncExternalStore(onReplayOptOut, replayOptedOut, () => false);
  const update = useUpdateUser();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const optedOut = update.isPending
    ? update.variables?.replay_opt_out === true
    : optedOutHere || user?.replay_opt_out === true;

  async function choose(record: boolean) {
    setResult(null);
    if (!record) setReplayOptOut(true);
    try {
      if (user) await update.mutateAsync({ replay_opt_out: !record });
      if (record) setReplayOptOut(false);
      setResult({
        ok: true,
        message: record ? "Thanks! Some visits may be recorded." : "Turned off. Nothing more is recorded.",
      });
    } catch (error) {
      setResult({ ok: false, message: settingsErrorMessage(error, "replay choice") });
    }
  }

  return (
    <div className="space-y-3">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={!optedOut}
          disabled={update.isPending}
          onChange={(event) => choose(event.target.checked)}
          className="mt-1 size-4 accent-coral-500"
          data-testid="session-replay-choice"
        />
        <span className="space-y-1">
          <span className="block font-medium text-ink-100">
            Record anonymous session replays to help improve Reverie
          </span>
          <span className="block text-sm text-ink-300">
            A replay shows where you clicked and scrolled. Your messages, what you type, your email and your
            pictures are hidden before anything is recorded; replays are deleted after 30 days.
          </span>
        </span>
      </label>
      {result ? <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice> : null}
    </div>
  );
}
