import { env } from "@/config/env";

/** Media URLs from the API are relative (`/media/...`); resolve them against the API origin. */
export function mediaUrl(url: string | null | undefined): string {
  if (!url) return "";
  if (/^(https?:|data:|blob:)/.test(url)) return url;
  return `${env.API_URL}${url.startsWith("/") ? "" : "/"}${url}`;
}
