/**
 * Marks a query whose answer is kept for reading offline: `meta: KEEP_OFFLINE` (lib/offline-snapshot.ts
 * keeps and restores them; this module is the light part every screen may import).
 */
export const KEEP_OFFLINE = { keepOffline: true } as const;

export const OFFLINE_SNAPSHOT_KEY = "reverie:offline-snapshot";

/** Drops the kept answers: the session that wrote them is over (sign-in, log-out, expired). */
export function forgetOfflineSnapshot(): void {
  try {
    localStorage.removeItem(OFFLINE_SNAPSHOT_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}
