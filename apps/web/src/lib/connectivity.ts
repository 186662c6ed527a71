import { useSyncExternalStore } from "react";

/**
 * `online`: the server answers. `offline`: the browser has no network. `unreachable`: the browser
 * is online but the last call to the server failed before any answer (the server is down).
 */
export type Connectivity = "online" | "offline" | "unreachable";

let serverReachable = true;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Status codes of a proxy in front of a server that is down or not answering. */
const GATEWAY_FAILURES = new Set([502, 504]);

/** Whether a failed call's status means the server could not be reached (0: no answer at all). */
export function isUnreachableStatus(status: number): boolean {
  return status === 0 || GATEWAY_FAILURES.has(status);
}

/** The API client and the socket report each call's outcome: answered or not. */
export function reportServerReachable(reachable: boolean): void {
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  emit();
}

export function connectivity(): Connectivity {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "offline";
  return serverReachable ? "online" : "unreachable";
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Re-renders when the network goes or comes back, or the server stops or starts answering. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, connectivity, () => "online");
}
