import { STORAGE_KEYS } from "@reverie/shared";
import { useSyncExternalStore } from "react";

/** A logical key of STORAGE_KEYS (e.g. "ageConfirmed"), mapped to the spec's real key ("IamOver18"). */
export type StorageKey = keyof typeof STORAGE_KEYS;

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function backend(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as on a first visit.
    return null;
  }
}

/** Typed access to the localStorage keys of the spec. Reads never throw. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return backend()?.getItem(STORAGE_KEYS[key]) ?? null;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      backend()?.setItem(STORAGE_KEYS[key], value);
    } catch {
      // quota exceeded or storage disabled: nothing sensible to do
    }
    emit();
  },
  remove(key: StorageKey): void {
    try {
      backend()?.removeItem(STORAGE_KEYS[key]);
    } catch {
      // storage disabled
    }
    emit();
  },
  has(key: StorageKey): boolean {
    return storage.get(key) !== null;
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === backend()) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Re-renders when the value changes (in this tab through `storage`, or in another tab). */
export function useStorageValue(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => storage.get(key),
    () => null,
  );
}
