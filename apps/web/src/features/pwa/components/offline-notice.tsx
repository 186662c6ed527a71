import { useSyncExternalStore } from "react";

function subscribe(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/**
 * The offline screen's notice: the service worker opens the shell without a network, and this
 * says why nothing new loads. Part of the entry, as it must show when no other code can load (so no icon library weight: a dot).
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="sticky top-0 z-[55] flex items-center justify-center gap-2 bg-ink-800/95 px-4 py-2 text-sm text-ink-100 backdrop-blur-xl"
    >
      <span className="size-2 rounded-full bg-coral-300" aria-hidden="true" />
      You're offline. What you open now loads when the connection is back.
    </div>
  );
}
