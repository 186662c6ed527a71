import { LogoMark } from "./logo";

/** Full-screen loading state (session check, first lazy route). Shows the spec's text "Loading...". */
export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-5 bg-ink-950"
    >
      <LogoMark className="size-12 animate-pulse" />
      <p className="text-sm font-medium tracking-wide text-ink-300">Loading...</p>
    </div>
  );
}

/** In-page loading state for a lazily loaded screen (the Suspense fallback). */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4"
    >
      <span className="relative block h-1 w-40 overflow-hidden rounded-full bg-white/10">
        <span className="absolute inset-y-0 left-0 w-1/3 animate-progress rounded-full bg-gradient-to-r from-coral-500 to-violet-500" />
      </span>
      <p className="text-sm font-medium text-ink-300">Loading...</p>
    </div>
  );
}
