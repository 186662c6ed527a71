import { lazy, Suspense } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useReplayEvents } from "../api/get-replay-events";

// rrweb (and its player) load only when an operator opens a replay
const ReplayPlayer = lazy(() => import("./replay-player"));

function Loading() {
  return (
    <div className="grid h-64 place-items-center">
      <Spinner label="Loading the replay" />
    </div>
  );
}

/** One replay in a dialog: its events, then the player. */
export function ReplayViewer({ replayId, onClose }: { replayId: string; onClose: () => void }) {
  const events = useReplayEvents(replayId);
  return (
    <Modal title="Session replay" onClose={onClose} size="lg" testId="admin-replay-viewer">
      {/* the dialog is portaled out of the screen's private region: it needs its own */}
      <div data-private>
        {events.isPending ? (
          <Loading />
        ) : events.isError ? (
          <ErrorState error={events.error} onRetry={() => void events.refetch()} />
        ) : events.data.events.length < 2 ? (
          <Notice tone="info">
            This replay holds too little to play (a page is one snapshot and its changes).
          </Notice>
        ) : (
          <Suspense fallback={<Loading />}>
            <ReplayPlayer events={events.data.events} />
          </Suspense>
        )}
      </div>
    </Modal>
  );
}
