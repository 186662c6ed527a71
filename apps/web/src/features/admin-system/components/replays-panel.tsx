import { Clapperboard } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CursorPager, DataTable, useCursorPages } from "@/components/ui/data-table";
import { paths } from "@/config/paths";
import { useReplays } from "../api/get-replays";
import { ReplayViewer } from "./replay-viewer";

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KiB`;

/** The sampled sessions' replays, most recently uploaded first; Watch opens the player. */
export function ReplaysPanel() {
  const pages = useCursorPages<string>();
  const [watching, setWatching] = useState<string | null>(null);
  const navigate = useNavigate();
  const replays = useReplays(pages.cursor);

  return (
    <>
      <DataTable
        query={replays}
        testId="admin-replays"
        empty={{
          icon: <Clapperboard className="size-6" aria-hidden="true" />,
          title: "No session replays",
          description:
            "With REPLAY_ENABLED, a sample of sessions (REPLAY_SAMPLE_RATE) is recorded, masked in the browser, and kept 30 days.",
          testId: "admin-replays-empty",
        }}
        rowKey={(replay) => replay.id}
        row={(replay) => (
          <Card
            className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4"
            data-testid="admin-replay"
          >
            <div className="min-w-0 space-y-1 text-sm text-ink-300">
              <p className="text-ink-100">
                {new Date(replay.started_at).toLocaleString()} · {replay.chunks} chunks · {kib(replay.bytes)}
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
        )}
        footer={(data) => <CursorPager pages={pages} next={data.next_before} />}
      />
      {watching ? <ReplayViewer replayId={watching} onClose={() => setWatching(null)} /> : null}
    </>
  );
}
