import { REMOTE_CONFIG_DEFAULTS, type RemoteConfig } from "@reverie/shared";
import { useSyncExternalStore } from "react";
import { buildUrl } from "./api-client";

const SESSION_KEY = "reverie:remote-config";

let current: RemoteConfig | null = null;
const listeners = new Set<() => void>();

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The known flags of an answer over the defaults: a flag missing or of another type (an older or
 * newer server) keeps its default, so a bad answer never turns anything on by accident.
 */
export function withDefaults(answer: unknown): RemoteConfig {
  const merged: Record<string, unknown> = { ...REMOTE_CONFIG_DEFAULTS };
  if (answer && typeof answer === "object") {
    for (const [key, fallback] of Object.entries(REMOTE_CONFIG_DEFAULTS)) {
      const value = (answer as Record<string, unknown>)[key];
      if (typeof value === typeof fallback) merged[key] = value;
    }
  }
  return merged as unknown as RemoteConfig;
}

function settle(config: RemoteConfig): RemoteConfig {
  current = config;
  for (const listener of listeners) listener();
  return config;
}

let loading: Promise<RemoteConfig> | null = null;

/**
 * Reads GET /api/config once per browser session (kept in sessionStorage, so later page loads of
 * the tab do not ask again); the defaults when the call fails.
 */
export function loadRemoteConfig(): Promise<RemoteConfig> {
  if (loading) return loading;
  const kept = sessionStore()?.getItem(SESSION_KEY);
  if (kept) {
    try {
      loading = Promise.resolve(settle(withDefaults(JSON.parse(kept))));
      return loading;
    } catch {
      // a damaged copy: ask the server
    }
  }
  loading = fetch(buildUrl("/api/config"), { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
    .then((answer: unknown) => {
      const config = withDefaults(answer);
      try {
        sessionStore()?.setItem(SESSION_KEY, JSON.stringify(config));
      } catch {
        // not kept: the next page load asks again
      }
      return settle(config);
    })
    .catch((error: unknown) => {
      console.error("Couldn't load the remote configuration; using the defaults.", error);
      return settle(REMOTE_CONFIG_DEFAULTS);
    });
  return loading;
}

/** The configuration once read, null before. */
export function remoteConfig(): RemoteConfig | null {
  return current;
}

export function onRemoteConfig(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remote configuration for a component: the defaults until it has been read. */
export function useRemoteConfig(): RemoteConfig {
  return useSyncExternalStore(onRemoteConfig, () => current ?? REMOTE_CONFIG_DEFAULTS);
}
