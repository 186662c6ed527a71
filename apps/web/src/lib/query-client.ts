import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { backoffDelay, RETRY_BACKOFF } from "./backoff";

/** Client errors (4xx) are answers, not glitches: retry only network and server failures. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof Error && error.name === "ZodError") return false;
  return failureCount < 2;
}

/** The wait before retry number `failureCount` (0 first): doubling, with jitter (lib/backoff.ts). */
export function retryDelay(failureCount: number): number {
  return backoffDelay(failureCount, RETRY_BACKOFF.query);
}

export function createQueryClient(): QueryClient {
  // The query library assumes online until an `offline` event; a page opened offline starts paused.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
