/**
 * Build-time configuration. `VITE_API_URL` is empty by default: the app calls `/api/...` on its own
 * origin (the server serves the built app; `vite dev` proxies to the server).
 */
const apiUrl = (import.meta.env.VITE_API_URL ?? "").replace(/\/+$/, "");

export const env = {
  API_URL: apiUrl,
  APP_NAME: "Reverie",
  IS_DEV: import.meta.env.DEV,
} as const;
