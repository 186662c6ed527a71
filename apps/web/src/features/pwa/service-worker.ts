import { registerSW } from "virtual:pwa-register";
import { offerUpdate } from "./update-ready";

/**
 * The files under /assets this page loaded, by path: the worker holds only the shell and the
 * landing route's files from its install (decision 0042), the rest as it is used.
 */
function loadedAssets(): string[] {
  const paths = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && url.pathname.startsWith("/assets/")) paths.add(url.pathname);
  }
  return [...paths];
}

/**
 * On the first visit the page loaded its code before the worker took it over: once it has, that
 * code is asked for again through it (mostly from the browser's HTTP cache), so the worker caches
 * it and the screen opened first also opens offline.
 */
function cacheWhatLoadedBeforeTheWorker(): void {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return;
  serviceWorker.addEventListener(
    "controllerchange",
    () => {
      for (const path of loadedAssets()) void fetch(path).catch(() => {});
    },
    { once: true },
  );
}

/**
 * Registers /service-worker.js (scope /); loaded by the entry once the page has loaded (spec 7),
 * so neither this nor Workbox's window code is in the first load. A failure is only logged
 * (spec 8). A new version waits until the user takes it (update-ready.ts).
 */
export function registerServiceWorker(): void {
  cacheWhatLoadedBeforeTheWorker();
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
