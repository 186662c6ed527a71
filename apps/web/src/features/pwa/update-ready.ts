import { useSyncExternalStore } from "react";

let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Called by the service worker's registration when a new version is installed and waiting. */
export function offerUpdate(apply: () => void): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** Activates the waiting version; the page reloads once it is in control. */
export function reloadToUpdate(): void {
  applyUpdate?.();
}

/** Whether a new version of the app is waiting for the user to reload (never forced mid-chat). */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate !== null,
    () => false,
  );
}
