import { registerSW } from "virtual:pwa-register";
import { offerUpdate } from "./update-ready";

/**
 * Registers /service-worker.js (scope /); loaded by the entry once the page has loaded (spec 7),
 * so neither this nor Workbox's window code is in the first load. A failure is only logged
 * (spec 8). A new version waits until the user takes it (update-ready.ts).
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      offerUpdate(() => void update(true));
    },
    onRegisterError(error: unknown) {
      console.error("service worker registration failed", error);
    },
  });
}
