import { type ComponentType, use, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { loadChunk } from "./chunk-load";

export type ScreenModule = { default: ComponentType };

/**
 * A screen whose code is split into its own chunk (one per `app/routes/*` module). Render it with
 * `<LazyScreenView screen={…} />`; `preload` fetches the code ahead of rendering.
 */
export class LazyScreen {
  readonly #name: string;
  readonly #load: () => Promise<ScreenModule>;
  #attempt: { key: string; promise: Promise<void>; failed: boolean } | null = null;
  /** The screen's component, once its code is loaded. */
  Component: ComponentType | null = null;

  /** `name` names the chunk in its load error ('Loading chunk chat-room failed'). */
  constructor(name: string, load: () => Promise<ScreenModule>) {
    this.#name = name;
    this.#load = load;
  }

  /**
   * Loads the code once. After a failure it is tried again for a new `attempt` (the next
   * navigation), not on every render, so the error boundary can show the failure.
   */
  preload(attempt = ""): Promise<void> {
    const last = this.#attempt;
    if (last && (!last.failed || last.key === attempt)) return last.promise;
    const current = { key: attempt, failed: false, promise: Promise.resolve() };
    current.promise = (async () => {
      setLoading(1);
      try {
        // a chunk that fails or takes longer than the spec's 120 s shows the chunk error (app/errors.tsx)
        this.Component = (await loadChunk(this.#name, this.#load)).default;
      } catch (error) {
        current.failed = true;
        throw error;
      } finally {
        setLoading(-1);
      }
    })();
    this.#attempt = current;
    return current.promise;
  }
}

/**
 * Unlike `React.lazy`, a screen whose code is there renders at once (no suspending for a resolved
 * module), so one preloaded before the first render never flashes a fallback. While its code loads
 * it suspends: a navigation keeps the previous screen meanwhile (the router navigates in a
 * transition) and `useScreenLoading` reports it. A failed load throws to the error boundary, and
 * is tried again on the next navigation to the screen.
 */
export function LazyScreenView({ screen }: { screen: LazyScreen }) {
  const { key } = useLocation();
  if (!screen.Component) use(screen.preload(key));
  const Component = screen.Component;
  return Component ? <Component /> : null;
}

let loading = 0;
const listeners = new Set<() => void>();

function setLoading(change: number): void {
  loading += change;
  for (const listener of listeners) listener();
}

/** Whether a screen's code is loading (a navigation is waiting for it). */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
  );
}
