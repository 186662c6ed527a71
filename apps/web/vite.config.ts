import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { bundleReport } from "./budgets/bundle-report.ts";
import { installableApp } from "./build/pwa.ts";
import { routePreloads } from "./build/route-preloads.ts";

const API_TARGET = process.env.REVERIE_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz beside each text asset, served by the server as they are (no compression per request)
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
    }),
    // dist/.vite/route-preloads.json: the JavaScript each path needs, preloaded by the server (decision 0018)
    routePreloads(),
    // dist/manifest.webmanifest and dist/service-worker.js, the installable app (decision 0024)
    installableApp(),
    // BUNDLE_REPORT=1 npm run build: dist/.vite/bundle-report.txt, what is in each route's JavaScript
    ...(process.env.BUNDLE_REPORT ? [bundleReport()] : []),
  ],
  resolve: {
    alias: { "@": new URL("./src", import.meta.url).pathname },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/media": { target: API_TARGET, changeOrigin: true },
      "/ws": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/media": { target: API_TARGET, changeOrigin: true },
      "/ws": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads, read by the byte budgets (budgets/)
    manifest: true,
    // every browser the app supports has <link rel="modulepreload">: the polyfill is 0.5 KiB of
    // every route for none of them
    modulePreload: { polyfill: false },
  },
});
