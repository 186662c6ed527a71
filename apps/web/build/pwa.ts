import { VitePWA } from "vite-plugin-pwa";

/** The dark UI's colours (styles/index.css `--color-ink-950`), also index.html's theme-color. */
const INK_950 = "#0b0710";

/** Paths whose answers belong to one user or one moment: the service worker never answers them. */
const NEVER_FROM_THE_WORKER = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/media(-private)?(\/|$)/];

/**
 * The installable app (decision 0024): dist/manifest.webmanifest and dist/service-worker.js, made
 * by Workbox (`generateSW`). The worker precaches the shell and the hashed assets and answers every
 * navigation with the precached shell, so the app opens offline; nothing else is cached except
 * fonts. A new version waits until the user accepts it (`registerType: "prompt"`), since the old
 * one's precache still holds the old hashed chunks, an open chat keeps working meanwhile.
 */
export function installableApp() {
  return VitePWA({
    registerType: "prompt",
    // registered by src/features/pwa/register-service-worker.ts, after the page has loaded
    injectRegister: false,
    filename: "service-worker.js",
    manifestFilename: "manifest.webmanifest",
    includeManifestIcons: true,
    manifest: {
      id: "/",
      name: "Reverie — AI companions",
      short_name: "Reverie",
      description: "Chat with AI companions who remember you. For adults only.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: INK_950,
      background_color: INK_950,
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      // fonts are many subsets, of which a page uses one or two: cached when first used (below)
      globPatterns: ["**/*.{js,css,html,svg,png}"],
      // rrweb is for the sampled few whose session is recorded (decision 0026), not for every install
      globIgnores: ["**/node_modules/**", ".vite/**", "assets/rrweb-*"],
      navigateFallback: "/index.html",
      navigateFallbackDenylist: NEVER_FROM_THE_WORKER,
      cleanupOutdatedCaches: true,
      // one file at /service-worker.js, without a workbox-<hash>.js beside it outside /assets
      inlineWorkboxRuntime: true,
      // hashed names already say when a file changed
      dontCacheBustURLsMatching: /^assets\//,
      runtimeCaching: [
        {
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            url.pathname.startsWith("/assets/") &&
            url.pathname.endsWith(".woff2") &&
            !request.headers.has("authorization"),
          handler: "CacheFirst",
          options: {
            cacheName: "reverie-fonts",
            expiration: { maxEntries: 16 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}
