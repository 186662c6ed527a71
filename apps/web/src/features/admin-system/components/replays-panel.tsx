import { Clapperboard } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useReplays } from "../api/get-replays";
import { ReplayViewer } from "./replay-viewer";

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KiB`;

/** The sampled sessions' replays, most recently uploaded first; Watch opens the player. */
export function ReplaysPanel() {
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const [watching, setWatching] = useState<string | null>(null);
  const navigate = useNavigate();
  const replays = useReplays(pages.at(-1) ?? null);

  if (replays.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (replays.isError) return <ErrorState error={replays.error} onRetry={() => void replays.refetch()} />;
  if (replays.data.items.length === 0) {
    return (
      <EmptyState
        icon={<Clapperboard className="size-6" aria-hidden="true" />}
        title="No session replays"
        description="With REPLAY_ENABLED, a sample of sessions (REPLAY_SAMPLE_RATE) is recorded, masked in the browser, and kept 30 days."
        testId="admin-replays-empty"
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-2" data-testid="admin-replays">
        {replays.data.items.map((replay) => (
          <li key={replay.id}>
            <Card
              className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4"
              data-testid="admin-replay"
            >
              <div className="min-w-0 space-y-1 text-sm text-ink-300">
                <p className="text-ink-100">
                  {new Date(replay.started_at).toLocaleString()} · {replay.chunks} chunks ·{" "}
                  {kib(replay.bytes)}
                </p>
                <p className="break-all">
                  {replay.user_id ? (
                    // a button, not a link: a recording keeps attributes (an href) unmasked
                    <button
                      type="button"
                      onClick={() => void navigate(paths.adminUser(replay.user_id ?? ""))}
                      className="text-left text-coral-200 hover:underline"
                    >
                      account {replay.user_id}
                    </button>
                  ) : (
                    "a visitor"
                  )}{" "}
                  · last upload {new Date(replay.last_upload_at).toLocaleString()}
                </p>
              </div>
              <Button size="sm" onClick={() => setWatching(replay.id)}>
                Watch
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        {pages.length > 1 ? (
          <Button variant="secondary" size="sm" onClick={() => setPages((stack) => stack.slice(0, -1))}>
            Newer
          </Button>
        ) : null}
        {replays.data.next_before ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPages((stack) => [...stack, replays.data.next_before])}
          >
            Older
          </Button>
        ) : null}
      </div>
      {watching ? <ReplayViewer replayId={watching} onClose={() => setWatching(null)} /> : null}
    </div>
  );
}
