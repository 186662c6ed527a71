import { useConnectivity } from "@/lib/connectivity";

/**
 * The offline screen's notice: the service worker opens the shell without a network, and this
 * says why nothing new loads (and, signed in, that what shows is what was kept from before). Also
 * when the network is up but the server isn't answering. Loaded right after the first render
 * (app/root-layout.tsx), not with the entry, and precached by the service worker (build/precache.ts),
 * as it must show when no other code can load (so no icon library weight: a dot).
 */
export function OfflineNotice() {
  const connectivity = useConnectivity();
  if (connectivity === "online") return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      data-connectivity={connectivity}
      className="sticky top-0 z-[55] flex items-center justify-center gap-2 bg-ink-800/95 px-4 py-2 text-center text-sm text-ink-100 backdrop-blur-xl"
    >
      <span className="size-2 shrink-0 rounded-full bg-coral-300" aria-hidden="true" />
      {connectivity === "offline"
        ? "You're offline. What you open now loads when the connection is back."
        : "Reverie can't be reached right now. We'll reconnect by ourselves."}
    </div>
  );
}
