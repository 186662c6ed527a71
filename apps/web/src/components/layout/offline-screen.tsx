import { Button } from "@/components/ui/button";
import type { Connectivity } from "@/lib/connectivity";
import { LogoMark } from "./logo";

/**
 * Signed in, but the server can't be reached and nothing was kept from an earlier visit: says so
 * (instead of "Loading..." for as long as it lasts). The session is asked for again on a backoff and
 * when the browser is back online; "Try again" asks now.
 */
export function OfflineScreen({
  connectivity,
  onRetry,
}: {
  connectivity: Connectivity;
  onRetry: () => void;
}) {
  const offline = connectivity === "offline";
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="offline-screen"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-5 bg-ink-950 px-6 text-center"
    >
      <LogoMark className="size-12" />
      <div className="max-w-sm space-y-2">
        <h1 className="font-display text-2xl text-ink-100">
          {offline ? "You're offline" : "Reverie can't be reached"}
        </h1>
        <p className="text-sm text-ink-300">
          {offline
            ? "Your chats open again as soon as the connection is back."
            : "Our server isn't answering right now. We keep trying, and your chats open again once it's back."}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={offline}>
        Try again
      </Button>
    </div>
  );
}
