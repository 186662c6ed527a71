import { fileURLToPath } from "node:url";
import { VitePWA } from "vite-plugin-pwa";
import { precachedFiles, readBuildManifest } from "./precache.ts";

/** The dark UI's colours (styles/index.css `--color-ink-950`), also index.html's theme-color. */
const INK_950 = "#0b0710";

/** Paths whose answers belong to one user or one moment: the service worker never answers them. */
const NEVER_FROM_THE_WORKER = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/media(-private)?(\/|$)/];

/** The build's output (vite.config.ts `build.outDir`), whose manifest says which chunks to precache. */
const DIST_DIR = fileURLToPath(new URL("../dist", import.meta.url));

/** A month: hashed files never change, and a release replaces most of them before then. */
const MONTH_SECONDS = 30 * 24 * 60 * 60;

/**
 * The installable app (decision 0024): dist/manifest.webmanifest and dist/service-worker.js, made
 * by Workbox (`generateSW`). The worker precaches only the shell and the landing route's files
 * (build/precache.ts, decision 0042) and answers every navigation with the precached shell, so the
 * app opens offline; every other hashed file under /assets (screens, dialogs, images, fonts) is
 * cached when first used, and what the first page loaded before the worker took it over is fetched
 * through it once (features/pwa/service-worker.ts). A new version waits until the user accepts it
 * (`registerType: "prompt"`), so an open chat keeps working meanwhile.
 */
export function installableApp() {
  return VitePWA({
    registerType: "prompt",
    // registered by src/features/pwa/register-service-worker.ts, after the page has loaded
    injectRegister: false,
    filename: "service-worker.js",
    manifestFilename: "manifest.webmanifest",
    // the icons are for installing, which fetches them itself: not worth a first visit's bytes
    includeManifestIcons: false,
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
      // the shell and the landing route's JavaScript and CSS (the transform below keeps those);
      // fonts, images and every other chunk are cached when first used (below)
      globPatterns: ["index.html", "favicon.svg", "assets/**/*.{js,css}"],
      globIgnores: ["**/node_modules/**", ".vite/**"],
      manifestTransforms: [
        (entries) => {
          const keep = precachedFiles(readBuildManifest(DIST_DIR));
          return {
            manifest: entries.filter((entry) => !entry.url.startsWith("assets/") || keep.has(entry.url)),
            warnings: [],
          };
        },
      ],
      // the first worker takes over the page that registered it, so what that page loads next is
      // cached as it is used; an update still waits (no skipWaiting) until the user accepts it
      clientsClaim: true,
      navigateFallback: "/index.html",
      navigateFallbackDenylist: NEVER_FROM_THE_WORKER,
      cleanupOutdatedCaches: true,
      // one file at /service-worker.js, without a workbox-<hash>.js beside it outside /assets
      inlineWorkboxRuntime: true,
      // hashed names already say when a file changed
      dontCacheBustURLsMatching: /^assets\//,
      runtimeCaching: [
        {
          // screens, dialogs and their CSS: hashed, so a cached copy is always the right one
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            url.pathname.startsWith("/assets/") &&
            /\.(js|css)$/.test(url.pathname) &&
            !request.headers.has("authorization"),
          handler: "CacheFirst",
          options: {
            cacheName: "reverie-assets",
            expiration: { maxEntries: 200, maxAgeSeconds: MONTH_SECONDS, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // the app's own pictures (icons, illustrations): never /media, which is the users' own
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) &&
            /\.(png|svg|webp|avif|jpe?g|gif|ico)$/.test(url.pathname) &&
            !request.headers.has("authorization"),
          handler: "CacheFirst",
          options: {
            cacheName: "reverie-images",
            expiration: { maxEntries: 60, maxAgeSeconds: MONTH_SECONDS, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
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
